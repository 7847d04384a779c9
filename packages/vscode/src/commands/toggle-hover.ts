// circassian.toggleHover: hover translation on or off in one step (the setting
// circassian.hover.enabled, in the user's settings), as the status bar's target item changes the
// target: a translator turns it on to read a file and off before hovering code they keep private.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';

export async function toggleHover(services: Services): Promise<CommandOutcome<{ enabled: boolean }>> {
  const enabled = !services.config.current.hover.enabled;
  await services.config.update('hover.enabled', enabled);
  // Short enough for the status bar beside VS Code's own items (the longer sentences were cut at 1,400 px).
  const message = !enabled
    ? vscode.l10n.t('Hover translation is off.')
    : vscode.workspace.isTrusted
      ? vscode.l10n.t(
          'Hover translation on: hovered text goes to the service ({0} characters a day).',
          services.config.current.hover.dailyCharacterLimit,
        )
      : vscode.l10n.t('Hover translation on, not here until you trust the folder.');
  void vscode.window.setStatusBarMessage(message, 5_000);
  return { status: 'ok', enabled };
}
