// circassian.removeApiKey: deletes the key from VS Code's secret storage (the key stays valid at
// the service; only its owner revokes it). No prompt: setting it again is one command away.
import * as vscode from 'vscode';
import { credentialsFromEnvironment } from '@circassian/core/environment';
import type { CommandOutcome, Services } from '../services';
import { markSetupStep } from '../walkthrough';

export async function removeApiKey(services: Services): Promise<CommandOutcome<{ environmentKeyInUse: boolean }>> {
  const removed = await services.clients.removeKey();
  services.listings.clear();
  const fromEnvironment = credentialsFromEnvironment().apiKey !== undefined;
  // The walkthrough's key step is ticked by a key there, so it goes unticked with the last one.
  await markSetupStep('key', fromEnvironment);
  if (!removed) {
    const message = vscode.l10n.t('No Circassian API key is stored in secret storage.');
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  void vscode.window.showInformationMessage(
    fromEnvironment
      ? vscode.l10n.t(
          'The Circassian API key was removed from secret storage. The key in the environment variable CIRCASSIAN_API_KEY is used from now on.',
        )
      : vscode.l10n.t('The Circassian API key was removed from secret storage. Set one again to translate or speak.'),
  );
  return { status: 'ok', environmentKeyInUse: fromEnvironment };
}
