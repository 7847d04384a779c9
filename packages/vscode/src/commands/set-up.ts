// What a setup notice's "Set Up" runs: whatever is missing asked for in one flow, the key (its
// prompt then asks the address too when none is set) or the address alone, instead of a notice for
// the key and, after it, a second one for the address.
import type { CommandOutcome, Services } from '../services';
import { askServiceAddress } from './ask-service-address';
import { setApiKey } from './set-api-key';

export async function setUp(services: Services): Promise<CommandOutcome> {
  if (!(await services.clients.hasKey())) return setApiKey(services);
  return services.clients.address() ? { status: 'ok' } : askServiceAddress(services);
}
