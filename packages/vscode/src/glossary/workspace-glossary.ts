// The workspace's glossary (issue 36): agreed terms a team commits beside its memory, a TBX file
// (circassian.glossary.file, default .circassian/glossary.tbx; a .csv file is read as the pack's
// CSV contract). Every translation goes through it (keep terms travel as markers, translate-as
// terms come back agreed) and the term check reads it.
// Read only in a trusted workspace, as the memory is: a cloned repository's own glossary would
// decide what the user's translations say (a "keep" entry for a whole sentence, a forbidden word
// flagged everywhere). Read again whenever the file changed on disk (a teammate's pull, an edit);
// a file that cannot be read is said once and translations go on without it, the file untouched.
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { writeWhole } from '../editor/write-whole';
import type { Glossary, GlossaryEntry } from '@circassian/core';
import type { ConfigStore } from '../config';

export class WorkspaceGlossary implements vscode.Disposable {
  #read: { readonly path: string; readonly stamp: string; readonly glossary: Glossary | undefined } | undefined;
  #warned = '';
  readonly #changed = new vscode.EventEmitter<void>();
  /** Fires when the file changed (saved here, written by a command, pulled) or trust was granted: the checks read it again. */
  readonly onDidChange = this.#changed.event;
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly config: ConfigStore,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.#subscriptions = [
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.scheme === 'file' && document.uri.fsPath === this.path()) this.#changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.#changed.fire()),
      // Written outside the editor (a pull, another tool): the checks read it again.
      ...[vscode.workspace.createFileSystemWatcher('**/*.{tbx,csv}')].flatMap((watcher) => [
        watcher,
        ...[watcher.onDidChange, watcher.onDidCreate, watcher.onDidDelete].map((event) =>
          event((uri) => {
            if (uri.scheme === 'file' && uri.fsPath === this.path()) this.#changed.fire();
          }),
        ),
      ]),
      config.onDidChange(() => this.#changed.fire()),
      this.#changed,
    ];
  }

  /** The glossary file's path; undefined when there is no local folder to keep it in. */
  path(): string | undefined {
    const { file } = this.config.current.glossary;
    if (isAbsolute(file)) return file;
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder?.uri.scheme === 'file' ? join(folder.uri.fsPath, file) : undefined;
  }

  /** The glossary; undefined in Restricted Mode, with no file, or when the file cannot be read (said once). */
  async get(): Promise<Glossary | undefined> {
    const path = this.path();
    if (path === undefined || !vscode.workspace.isTrusted) return undefined;
    const uri = vscode.Uri.file(path);
    let stamp: string;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      stamp = `${stat.mtime}:${stat.size}`;
    } catch {
      this.#read = undefined;
      return undefined;
    }
    if (this.#read?.path === path && this.#read.stamp === stamp) return this.#read.glossary;
    let glossary: Glossary | undefined;
    try {
      const { Glossary } = await import('@circassian/core');
      glossary = new Glossary(await readGlossaryFile(uri));
      this.#warned = '';
    } catch (error) {
      const message = vscode.l10n.t(
        'The glossary {0} cannot be read ({1}); translating without it, and the file is left as it is.',
        vscode.workspace.asRelativePath(path),
        error instanceof Error ? error.message : String(error),
      );
      this.output.warn(message);
      if (message !== this.#warned) void vscode.window.showWarningMessage(message);
      this.#warned = message;
    }
    this.#read = { path, stamp, glossary };
    return glossary;
  }

  /** The entries as they are in the file now ([] when there is none); throws when it cannot be read. */
  async entries(): Promise<GlossaryEntry[]> {
    const path = this.path();
    if (path === undefined) return [];
    try {
      await vscode.workspace.fs.stat(vscode.Uri.file(path));
    } catch {
      return [];
    }
    return readGlossaryFile(vscode.Uri.file(path));
  }

  /** Writes the entries (TBX, or the CSV contract for a .csv file), then tells the checks. */
  async write(entries: readonly GlossaryEntry[]): Promise<vscode.Uri> {
    const path = this.path();
    if (path === undefined) throw new Error(vscode.l10n.t('The glossary needs a local workspace folder to be kept in.'));
    const uri = vscode.Uri.file(path);
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    await writeWhole(uri, await glossaryFileBytes(path, entries));
    this.#changed.fire();
    return uri;
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
  }
}

/** A TBX or CSV glossary file's entries; throws core's GlossaryError saying why when it is neither. */
export async function readGlossaryFile(uri: vscode.Uri): Promise<GlossaryEntry[]> {
  const { readGlossaryCsv, readTbx } = await import('@circassian/core');
  const bytes = await vscode.workspace.fs.readFile(uri);
  return uri.path.toLowerCase().endsWith('.csv') ? readGlossaryCsv(bytes).entries : (await readTbx(bytes)).entries;
}

/** The bytes of a glossary file: TBX, or for a .csv path the CSV contract, which holds one language pair. */
export async function glossaryFileBytes(path: string, entries: readonly GlossaryEntry[]): Promise<Uint8Array> {
  const { writeGlossaryCsv, writeTbx } = await import('@circassian/core');
  if (!path.toLowerCase().endsWith('.csv')) return new TextEncoder().encode(writeTbx(entries));
  const pairs = new Set(entries.map((entry) => `${entry.sourceLang},${entry.targetLang}`));
  const first = entries[0];
  if (pairs.size > 1 || first === undefined)
    throw new Error(
      vscode.l10n.t(
        'A CSV glossary holds one language pair (its header row names it); this glossary has {0}: export it as TBX.',
        pairs.size,
      ),
    );
  return new TextEncoder().encode(writeGlossaryCsv({ source: first.sourceLang, target: first.targetLang }, entries));
}
