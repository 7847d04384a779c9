// circassian.setApiKey: stores the key in SecretStorage (never in settings, logs or output);
// `setApiKey('PREFIX.SECRET')` skips the prompt.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';
import { askServiceAddress } from '../editor/ask-service-address';
import { markSetupStep } from '../walkthrough';
import { refuse } from '../editor/refuse';

const KEY_SHAPE = /^[^\s.]+\.\S+$/;

export async function setApiKey(services: Services, key?: string): Promise<CommandOutcome<{ prefix: string }>> {
  let value = typeof key === 'string' ? key.trim() : undefined;
  if (value === undefined) {
    value = await vscode.window.showInputBox({
      title: vscode.l10n.t('Circassian API key'),
      prompt: vscode.l10n.t('The key issued by the service owner, PREFIX.SECRET. It is kept in VS Code’s secret storage.'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (input) => (KEY_SHAPE.test(input.trim()) ? undefined : vscode.l10n.t('A key looks like PREFIX.SECRET')),
    });
    if (value === undefined) return { status: 'cancelled' };
    value = value.trim();
  }
  if (!KEY_SHAPE.test(value)) {
    const message = vscode.l10n.t('A key looks like PREFIX.SECRET');
    return refuse('invalid_key', message);
  }
  await services.clients.storeKey(value);
  services.listings.clear();
  const prefix = value.slice(0, value.indexOf('.'));
  // The walkthrough's key step ticks on a stored key, not on the command merely run (a cancel ticked it).
  await markSetupStep('key');
  void vscode.window.showInformationMessage(vscode.l10n.t('Circassian API key {0}… saved in secret storage.', prefix));
  // Asked at the prompt, the address follows in the same flow when none is set.
  if (typeof key !== 'string' && !services.clients.address()) {
    const address = await askServiceAddress(services);
    if (address.status !== 'ok') return address;
  }
  return { status: 'ok', prefix };
}
