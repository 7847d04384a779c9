// The service address asked at a prompt (Set API Key's flow, a setup notice's Set Up), checked
// as the client will use it: http(s) with a host.
import * as vscode from 'vscode';
import { isServiceAddress } from '../logic/setup-error';
import type { CommandOutcome, Services } from '../services';

/** Asks the service address and stores it in circassian.baseUrl (user settings). */
export async function askServiceAddress(services: Services): Promise<CommandOutcome> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Circassian service address'),
    prompt: vscode.l10n.t('The address the service owner gave you with your key, such as https://example.org.'),
    placeHolder: 'https://',
    ignoreFocusOut: true,
    validateInput: (input) =>
      isServiceAddress(input.trim())
        ? undefined
        : vscode.l10n.t('An address starts with http:// or https://, such as https://example.org.'),
  });
  if (value === undefined) return { status: 'cancelled' };
  await services.config.update('baseUrl', value.trim());
  return { status: 'ok' };
}
