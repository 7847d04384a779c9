// What a setup notice's "Set Up" runs: whatever is missing asked for in one flow, the key (Set API
// Key's prompt then asks the address too when none is set) or the address alone, instead of a
// notice for the key and, after it, a second one for the address. The key goes through the command
// (it ticks the walkthrough and clears the listings), so this floor imports no command module.
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import type { CommandOutcome, Services } from '../services';
import { askServiceAddress } from './ask-service-address';

export async function setUp(services: Services): Promise<CommandOutcome> {
  if (!(await services.clients.hasKey()))
    return ((await vscode.commands.executeCommand(CommandId.setApiKey)) as CommandOutcome | undefined) ?? { status: 'cancelled' };
  return services.clients.address() ? { status: 'ok' } : askServiceAddress(services);
}
