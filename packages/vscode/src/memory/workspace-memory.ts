// The workspace's translation memory: a TMX file (circassian.memory.file, default
// .circassian/memory.tmx in the first workspace folder) a team can commit. Opened on first use,
// read again by the store whenever the file changed on disk (a teammate's pull).
// In an untrusted workspace (Restricted Mode) there is no memory at all: a cloned repository's own
// memory could answer for the user with anything (`x */ code /*` as a translation), and what they
// translate there would teach it. It is neither read nor written until the folder is trusted; that
// is said once a session, with VS Code's Manage Workspace Trust.
// A file that cannot be read is said once and the run goes on without a memory: it is never
// overwritten, so nothing in it is lost.
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import type { SearchableTranslationMemory } from '@circassian/core';
import type { ConfigStore } from '../config';
import type { NotDone } from '../command-outcome';
import { MANAGE_TRUST_COMMAND } from '../command-ids';

/** What Restricted Mode means for the memory, in the words the notice and the refusals use. */
function restrictedMessage(): string {
  return vscode.l10n.t(
    'Restricted Mode: the translation memory is neither read nor changed until you trust this folder (a repository’s own memory could answer for you, and what you translate here would teach it). Translations come from the service meanwhile.',
  );
}

/** The notice with VS Code's own way to trust the folder. */
async function tellRestricted(output: vscode.LogOutputChannel): Promise<void> {
  const message = restrictedMessage();
  output.info(message);
  const manage = vscode.l10n.t('Manage Workspace Trust');
  const picked = await vscode.window.showWarningMessage(message, manage);
  if (picked === manage) await vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
}

export class WorkspaceMemory {
  #open: { readonly path: string; readonly memory: SearchableTranslationMemory } | undefined;
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
   * What changes whenever the memory may answer otherwise: its file's path, time and size (a store
   * of this window, a teammate's pull), or why there is none. One `stat`; for what keeps answers (the hover).
   */
  async stamp(): Promise<string> {
    const path = this.path();
    if (path === undefined) return 'off';
    if (!vscode.workspace.isTrusted) return 'restricted';
    try {
      const { mtimeMs, size } = await stat(path);
      return `${path}|${mtimeMs}|${size}`;
    } catch {
      return `${path}|none`;
    }
  }

  /** The memory, read and ready; undefined when off, in Restricted Mode (said once), or when its file cannot be read (said once). */
  async get(): Promise<SearchableTranslationMemory | undefined> {
    const path = this.path();
    if (path === undefined) return undefined;
    if (!vscode.workspace.isTrusted) {
      if (!this.#toldRestricted) {
        this.#toldRestricted = true;
        void tellRestricted(this.output).catch(() => undefined);
      }
      return undefined;
    }
    if (this.#open?.path !== path) {
      // Loaded on first use: activation loads no client code.
      const { TmxFileTranslationMemory } = await import('@circassian/core');
      this.#open = { path, memory: new TmxFileTranslationMemory(path, { tool: { name: 'circassian-vscode', version: this.version } }) };
    }
    const { memory } = this.#open;
    try {
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

/** The memory for a memory command, or what to return when it is off or the folder is not trusted (said to the user). */
export async function memoryForCommand(memory: WorkspaceMemory): Promise<SearchableTranslationMemory | NotDone> {
  if (!vscode.workspace.isTrusted && memory.path() !== undefined) {
    // Import, export, clear and review alike: nothing of the memory is read or changed.
    const message = restrictedMessage();
    const manage = vscode.l10n.t('Manage Workspace Trust');
    void vscode.window
      .showWarningMessage(message, manage)
      .then((picked) => (picked === manage ? vscode.commands.executeCommand(MANAGE_TRUST_COMMAND) : undefined));
    return { status: 'nothing', reason: 'restricted_mode', message };
  }
  const found = await memory.get();
  if (found) return found;
  if (memory.path() !== undefined)
    return { status: 'error', errorType: 'memory_unreadable', message: vscode.l10n.t('The translation memory cannot be read.') };
  const message = vscode.l10n.t('The translation memory is off: turn on circassian.memory.enabled, in a workspace with a local folder.');
  void vscode.window.showInformationMessage(message);
  return { status: 'nothing', reason: 'memory_off', message };
}
