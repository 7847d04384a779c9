// circassian.saveSpeech: Save Speech As… puts the audio of the last Speak where the user says (a
// save dialog opening in the speech folder, or the workspace folder while there is none; `{ uri }` from code), from the palette or the player
// tab's title bar. Speaking writes nothing into the workspace by itself; this is the asked-for copy.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';
import { reportError } from '../editor/report-error';
import { writeWhole } from '../editor/write-whole';
import { speechFileName, speechFolder } from '../speech/save-audio';

export interface SaveSpeechOptions {
  /** Where to write the WAV, without a dialog (callers, tests). */
  readonly uri?: string | vscode.Uri;
}

export async function saveSpeech(services: Services, options: SaveSpeechOptions = {}): Promise<CommandOutcome<{ readonly file: string }>> {
  const spoken = services.player.lastSpoken;
  if (!spoken) {
    const message = vscode.l10n.t('Nothing has been spoken in this window yet: run “Circassian: Speak Selection” first.');
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  const given = typeof options.uri === 'string' ? vscode.Uri.parse(options.uri) : options.uri;
  const target = given ?? (await vscode.window.showSaveDialog(await dialogOptions(services, spoken.title)));
  if (!target) return { status: 'cancelled' };
  try {
    await writeWhole(target, await vscode.workspace.fs.readFile(spoken.file));
  } catch (error) {
    return reportError(services, error);
  }
  vscode.window.setStatusBarMessage(vscode.l10n.t('Speech saved to {0}', vscode.workspace.asRelativePath(target)), 5_000);
  return { status: 'ok', file: target.fsPath };
}

async function dialogOptions(services: Services, title: string): Promise<vscode.SaveDialogOptions> {
  const folder = await dialogFolder(services);
  return {
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, speechFileName(title)) } : {}),
    filters: { [vscode.l10n.t('WAV audio')]: ['wav'] },
    saveLabel: vscode.l10n.t('Save Speech'),
    title: vscode.l10n.t('Save Speech As'),
  };
}

/**
 * Where the dialog opens: the speech folder when it exists, else the workspace folder (a dialog
 * suggesting a `speech/` that is not there yet cannot open it, and showed a path that leads nowhere).
 */
async function dialogFolder(services: Services): Promise<vscode.Uri | undefined> {
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
  let folder: vscode.Uri;
  try {
    folder = speechFolder(services, vscode.window.activeTextEditor?.document);
  } catch {
    // A speech folder outside the workspace is refused everywhere.
    return workspace;
  }
  const exists = await vscode.workspace.fs.stat(folder).then(
    (stat) => (stat.type & vscode.FileType.Directory) !== 0,
    () => false,
  );
  return exists ? folder : (workspace ?? folder);
}
