// Where spoken audio goes: `circassian.speech.folder`, relative to the document's workspace folder
// (or absolute), and always inside a workspace folder: a workspace's settings must not make the
// extension write files anywhere on the machine (the setting is also in package.json's
// `restrictedConfigurations`, so an untrusted workspace cannot set it at all). Without a
// workspace, audio goes into the extension's global storage.
import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import { writeWhole } from '../editor/write-whole';
import { isInside } from '../logic/path-inside';
import { SpeechFolderError } from '../logic/setup-error';
import type { Services } from '../services';

function isAbsolute(setting: string): boolean {
  return setting.startsWith('/') || setting.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(setting);
}

/** `Uri.file` keeps `..` segments; `joinPath` resolves them. */
function normalized(uri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(uri.with({ path: '/' }), uri.path);
}

/** The speech folder for `document`; throws SpeechFolderError when the setting points outside the workspace. */
export function speechFolder(services: Services, document: vscode.TextDocument | undefined): vscode.Uri {
  const setting = services.config.current.speech.folder.trim() || 'speech';
  const workspace = (document && vscode.workspace.getWorkspaceFolder(document.uri)) ?? vscode.workspace.workspaceFolders?.[0];
  const base = workspace?.uri ?? services.context.globalStorageUri;
  const folder = isAbsolute(setting) ? normalized(vscode.Uri.file(setting)) : vscode.Uri.joinPath(base, setting.replace(/\\/g, '/'));
  const allowed = workspace ? [...(vscode.workspace.workspaceFolders ?? [workspace])].map((each) => each.uri) : [base];
  const inside = allowed.some(
    (root) => root.scheme === folder.scheme && root.authority === folder.authority && isInside(folder.path, root.path),
  );
  if (!inside) throw new SpeechFolderError(setting, describeAllowed(workspace));
  return folder;
}

function describeAllowed(workspace: vscode.WorkspaceFolder | undefined): string {
  return workspace
    ? vscode.l10n.t('the workspace folder {0}', workspace.uri.fsPath)
    : vscode.l10n.t('the extension’s storage (open a folder to keep audio with your files)');
}

/**
 * A folder inside the workspace by name can still lead outside through a symbolic link: on disk,
 * the folder's real path must stay inside the workspace folder's real path.
 */
async function assertStaysInside(services: Services, document: vscode.TextDocument | undefined, folder: vscode.Uri): Promise<void> {
  if (folder.scheme !== 'file') return;
  const workspace = (document && vscode.workspace.getWorkspaceFolder(document.uri)) ?? vscode.workspace.workspaceFolders?.[0];
  const roots = workspace
    ? (vscode.workspace.workspaceFolders ?? [workspace]).map((each) => each.uri)
    : [services.context.globalStorageUri];
  const real = await realpath(folder.fsPath);
  for (const root of roots) {
    if (root.scheme === 'file' && isInside(real, await realpath(root.fsPath).catch(() => root.fsPath))) return;
  }
  throw new SpeechFolderError(services.config.current.speech.folder, describeAllowed(workspace));
}

/** A WAV's name: when it was made, then the first words it speaks. */
export function speechFileName(label: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const words = label
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${stamp}${words ? `-${words}` : ''}.wav`;
}

export async function saveAudio(
  services: Services,
  document: vscode.TextDocument | undefined,
  audio: Uint8Array,
  label: string,
): Promise<vscode.Uri> {
  const folder = speechFolder(services, document);
  await vscode.workspace.fs.createDirectory(folder);
  await assertStaysInside(services, document, folder);
  const target = vscode.Uri.joinPath(folder, speechFileName(label));
  await writeWhole(target, audio);
  return target;
}
