// Shows a failed call to the user with the action that helps (set a key, retry, open settings,
// show the account) and gives the caller the same facts as a CommandOutcome. The notification is
// not awaited: a command resolves as soon as the call failed, the buttons act later.
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import { setUp } from './set-up';
import { describeError, formatTemplate, type ErrorAction } from '../logic/error-messages';
import type { CommandOutcome, NotDone, Services } from '../services';

const ACTION_LABELS: Record<ErrorAction, () => string> = {
  setKey: () => vscode.l10n.t('Set API Key'),
  setUp: () => vscode.l10n.t('Set Up'),
  retry: () => vscode.l10n.t('Retry'),
  openSettings: () => vscode.l10n.t('Open Settings'),
  showAccount: () => vscode.l10n.t('Show Account'),
};

export function reportError(services: Services, error: unknown, retry?: () => Thenable<unknown>): NotDone {
  const description = describeError(error, { locale: vscode.env.language });
  if (!description) return { status: 'cancelled' };
  const message = vscode.l10n.t(description.template, ...description.args);
  services.output.warn(`${description.type}: ${formatTemplate(description.template, description.args)}`);
  const actions = description.actions.filter((action) => action !== 'retry' || retry !== undefined);
  const labels = actions.map((action) => ACTION_LABELS[action]());
  const show = description.severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  void show(message, ...labels).then(async (picked) => {
    const action = actions[labels.indexOf(picked ?? '')];
    if (action === 'setKey') {
      const outcome = (await vscode.commands.executeCommand(CommandId.setApiKey)) as CommandOutcome | undefined;
      if (outcome?.status === 'ok' && retry) await retry();
    } else if (action === 'setUp') {
      const outcome = await setUp(services);
      if (outcome.status === 'ok' && retry) await retry();
    } else if (action === 'retry' && retry) {
      await retry();
    } else if (action === 'openSettings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', description.setting ?? 'circassian.baseUrl');
    } else if (action === 'showAccount') {
      await vscode.commands.executeCommand(CommandId.showAccount);
    }
  });
  return { status: 'error', errorType: description.type, message };
}
