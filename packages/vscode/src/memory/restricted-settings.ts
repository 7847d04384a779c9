// In Restricted Mode VS Code hands the extension the settings without the folder's values of
// restrictedConfigurations, so circassian.memory.file and .enabled come from the user's settings or
// the defaults only: a repository's committed settings cannot point the memory at a file outside
// it. That is silent in VS Code, so the user is told, once a session, which of the folder's memory
// settings are not used and which file the memory is, with VS Code's Manage Workspace Trust.
import * as vscode from 'vscode';
import { MANAGE_TRUST_COMMAND } from '../command-ids';
import { parseJsonc, settingIn } from '../logic/jsonc';

const KEYS = ['circassian.memory.file', 'circassian.memory.enabled'] as const;

/** The settings files of the workspace: the first folder's .vscode/settings.json, and a .code-workspace file's settings. */
async function workspaceSettings(): Promise<unknown[]> {
  const read = async (uri: vscode.Uri): Promise<unknown> => {
    try {
      return parseJsonc(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    } catch {
      return undefined;
    }
  };
  const folder = vscode.workspace.workspaceFolders?.[0];
  const file = vscode.workspace.workspaceFile;
  return [
    folder ? await read(vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json')) : undefined,
    file && file.scheme !== 'untitled' ? settingIn(await read(file), 'settings') : undefined,
  ];
}

/** `key: value` of each memory setting the workspace's files set (what Restricted Mode leaves out). */
export async function ignoredMemorySettings(): Promise<string[]> {
  const found: string[] = [];
  for (const settings of await workspaceSettings())
    for (const key of KEYS) {
      const value = settingIn(settings, key);
      if (value !== undefined) found.push(`${key}: ${JSON.stringify(value)}`);
    }
  return found;
}

/** Tells the user, in Restricted Mode, that the folder's memory settings are not used; `path` is the memory used. */
export async function tellRestrictedMemory(path: string, output: vscode.LogOutputChannel): Promise<void> {
  const ignored = await ignoredMemorySettings();
  if (ignored.length === 0) return;
  const message = vscode.l10n.t(
    'Restricted Mode: this folder’s settings ({0}) are not used until you trust the folder; the translation memory is {1}.',
    ignored.join(', '),
    vscode.workspace.asRelativePath(path),
  );
  output.info(message);
  const manage = vscode.l10n.t('Manage Workspace Trust');
  const picked = await vscode.window.showWarningMessage(message, manage);
  if (picked === manage) await vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
}
