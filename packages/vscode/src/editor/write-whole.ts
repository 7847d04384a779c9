// Every file the extension writes (Translate File's target, an exported memory or glossary, the
// workspace glossary, saved and cached speech) is written whole or not at all. `workspace.fs.writeFile`
// truncates the file and then writes: a window closed or an extension host killed in between left
// a user's kbd.json empty or cut short. The new bytes go to a hidden file beside the target first
// (`.kbd.json.<host pid>-<n>.circassian-tmp`) and are then renamed over it.
//
// On disk (`file:`, also the remote side of Remote-SSH and code-server, where the extension host
// runs beside the files) the rename is the operating system's: one step that replaces the name, so
// a reader sees the old file or the new one and never a moment without it. `workspace.fs.rename`
// with `overwrite` is not that: VS Code's file service deletes the target first and renames after
// (two calls from the workbench), so a window closed between them lost the target. Virtual and
// other workspaces have no path to rename on, and go through `workspace.fs`: still never a truncated
// target, only that provider's rename. A file name that is a symbolic link keeps being one (the file
// it points to is replaced) and an existing file keeps its permission bits.
//
// A hidden file a killed host left beside a target is removed by the next write of that target,
// once the host that wrote it is gone (a live one may be writing it right now, in another window).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, realpath, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { replaceFile } from '@circassian/core';
import * as vscode from 'vscode';
import { temporaryName, writerOf } from '../logic/temporary-name';

/** Writes `bytes` to `target` whole: the old content or the new one, never a part. */
export async function writeWhole(target: vscode.Uri, bytes: Uint8Array): Promise<void> {
  if (target.scheme === 'file') await writeWholeOnDisk(target.fsPath, bytes);
  else await writeWholeThroughWorkspace(target, bytes);
}

/** A new temporary name of `name` for this extension host. */
function hiddenBeside(name: string): string {
  return temporaryName(name, process.pid, randomBytes(4).toString('hex'));
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isADirectory(path: string): Error {
  return vscode.FileSystemError.FileIsADirectory(vscode.Uri.file(path));
}

async function writeWholeOnDisk(path: string, bytes: Uint8Array): Promise<void> {
  const target = await realpath(path).catch(() => path);
  if ((await stat(target).catch(() => undefined))?.isDirectory()) throw isADirectory(path);
  const folder = dirname(target);
  // As workspace.fs.writeFile does: a folder not there yet is made.
  await mkdir(folder, { recursive: true });
  await removeLeftovers(basename(target), await readdir(folder).catch(() => []), (file) => rm(join(folder, file), { force: true }));
  // Core's whole write (links kept links, permission bits kept, the folder synced), under a hidden name.
  await replaceFile(target, (handle) => handle.writeFile(bytes), { temporaryName: hiddenBeside });
}

async function writeWholeThroughWorkspace(target: vscode.Uri, bytes: Uint8Array): Promise<void> {
  const existing = await vscode.workspace.fs.stat(target).then(
    (found) => found,
    () => undefined,
  );
  // A rename with overwrite would delete a folder in the way, and all it holds.
  if (existing && (existing.type & vscode.FileType.Directory) !== 0) throw vscode.FileSystemError.FileIsADirectory(target);
  const folder = vscode.Uri.joinPath(target, '..');
  const name = target.path.slice(target.path.lastIndexOf('/') + 1);
  const listed = await vscode.workspace.fs.readDirectory(folder).then(
    (entries) => entries.map(([file]) => file),
    () => [],
  );
  await removeLeftovers(name, listed, (file) =>
    Promise.resolve(vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, file))).then(undefined, () => undefined),
  );
  const temporary = vscode.Uri.joinPath(folder, hiddenBeside(name));
  try {
    await vscode.workspace.fs.writeFile(temporary, bytes);
    await vscode.workspace.fs.rename(temporary, target, { overwrite: true });
  } catch (error) {
    await Promise.resolve(vscode.workspace.fs.delete(temporary)).then(undefined, () => undefined);
    throw error;
  }
}

/** Removes the temporary files of `name` whose writer is no longer running. */
async function removeLeftovers(name: string, files: readonly string[], remove: (file: string) => Promise<unknown>): Promise<void> {
  for (const file of files) {
    const writer = writerOf(name, file);
    if (writer !== undefined && !isRunning(writer)) await remove(file);
  }
}
