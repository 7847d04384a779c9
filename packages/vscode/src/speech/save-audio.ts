// Where spoken audio goes: `circassian.speech.folder`, relative to the document's workspace folder
// (or absolute); without a workspace, the extension's global storage.
import * as vscode from 'vscode';
import type { Services } from '../services';

export function speechFolder(services: Services, document: vscode.TextDocument | undefined): vscode.Uri {
  const setting = services.config.current.speech.folder || 'speech';
  if (setting.startsWith('/') || /^[A-Za-z]:[\\/]/.test(setting)) return vscode.Uri.file(setting);
  const workspace = (document && vscode.workspace.getWorkspaceFolder(document.uri)) ?? vscode.workspace.workspaceFolders?.[0];
  const base = workspace?.uri ?? services.context.globalStorageUri;
  return vscode.Uri.joinPath(base, setting);
}

function fileName(label: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const words = label
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${stamp}${words ? `-${words}` : ''}.wav`;
}

export async function saveAudio(services: Services, document: vscode.TextDocument | undefined, audio: Uint8Array, label: string): Promise<vscode.Uri> {
  const folder = speechFolder(services, document);
  await vscode.workspace.fs.createDirectory(folder);
  const target = vscode.Uri.joinPath(folder, fileName(label));
  await vscode.workspace.fs.writeFile(target, audio);
  return target;
}
