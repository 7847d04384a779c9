// The workspace's translation memory: a TMX file (circassian.memory.file, default
// .circassian/memory.tmx in the first workspace folder) a team can commit. Opened on first use,
// read again by the store whenever the file changed on disk (a teammate's pull). In an untrusted
// workspace only the user's settings name it (the settings are restrictedConfigurations); the
// folder's own memory settings, left out, are said once (restricted-settings.ts).
// A file that cannot be read is said once and the run goes on without a memory: it is never
// overwritten, so nothing in it is lost.
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import type { TranslationMemory } from '@circassian/core';
import type { ConfigStore } from '../config';
import type { NotDone } from '../command-outcome';
import { isInside } from '../logic/path-inside';
import { realPathOf } from './real-path';
import { tellRestrictedMemory } from './restricted-settings';

export class WorkspaceMemory {
  #open: { readonly path: string; readonly memory: TranslationMemory } | undefined;
  #warned = '';
  #toldRestricted = false;

  constructor(
    private readonly config: ConfigStore,
    private readonly version: string,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  /** The memory file's path; undefined when the memory is off or there is no local folder to keep it in. */
  path(): string | undefined {
    const { enabled, file } = this.config.current.memory;
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!enabled) return undefined;
    if (isAbsolute(file)) return file;
    return folder?.uri.scheme === 'file' ? join(folder.uri.fsPath, file) : undefined;
  }

  /**
   * In Restricted Mode the folder's files are as untrusted as its settings: a memory named relative
   * to the folder must not lead outside it through a symbolic link the repository ships.
   */
  async #assertInsideUntrusted(path: string): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (vscode.workspace.isTrusted || isAbsolute(this.config.current.memory.file) || folder?.uri.scheme !== 'file') return;
    if (!isInside(await realPathOf(path), await realPathOf(folder.uri.fsPath)))
      throw new Error(vscode.l10n.t('a symbolic link leads it outside this folder, which Restricted Mode does not follow'));
  }

  /** The memory, read and ready; undefined when off, or when its file cannot be read (said once). */
  async get(): Promise<TranslationMemory | undefined> {
    const path = this.path();
    if (path === undefined) return undefined;
    if (!vscode.workspace.isTrusted && !this.#toldRestricted) {
      this.#toldRestricted = true;
      void tellRestrictedMemory(path, this.output).catch(() => undefined);
    }
    if (this.#open?.path !== path) {
      // Loaded on first use: activation loads no client code.
      const { TmxFileTranslationMemory } = await import('@circassian/core');
      this.#open = { path, memory: new TmxFileTranslationMemory(path, { tool: { name: 'circassian-vscode', version: this.version } }) };
    }
    const { memory } = this.#open;
    try {
      await this.#assertInsideUntrusted(path);
      await memory.stats();
      this.#warned = '';
      return memory;
    } catch (error) {
      const message = vscode.l10n.t(
        'The translation memory {0} cannot be read ({1}); translating without it, and the file is left as it is.',
        vscode.workspace.asRelativePath(path),
        error instanceof Error ? error.message : String(error),
      );
      if (message !== this.#warned) void vscode.window.showWarningMessage(message);
      this.#warned = message;
      return undefined;
    }
  }
}

/** The memory for a memory command, or what to return when it is off (said to the user). */
export async function memoryForCommand(memory: WorkspaceMemory): Promise<TranslationMemory | NotDone> {
  const found = await memory.get();
  if (found) return found;
  if (memory.path() !== undefined)
    return { status: 'error', errorType: 'memory_unreadable', message: vscode.l10n.t('The translation memory cannot be read.') };
  const message = vscode.l10n.t('The translation memory is off: turn on circassian.memory.enabled, in a workspace with a local folder.');
  void vscode.window.showInformationMessage(message);
  return { status: 'nothing', reason: 'memory_off', message };
}
