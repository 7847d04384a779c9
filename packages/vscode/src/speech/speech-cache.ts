// Spoken audio kept in the extension's global storage (logic/speech-cache-index.ts decides what
// stays): Speak plays from here, and the workspace gets a copy only when the user asks (Save).
import * as vscode from 'vscode';
import { writeWhole } from '../editor/write-whole';
import { keysToEvict, type CachedSpeech } from '../logic/speech-cache-index';

const INDEX_KEY = 'circassian.speechCache';

export class SpeechCache {
  constructor(
    private readonly storage: vscode.Uri,
    private readonly state: vscode.Memento,
  ) {}

  get folder(): vscode.Uri {
    return vscode.Uri.joinPath(this.storage, 'speech-cache');
  }

  #index(): Record<string, CachedSpeech> {
    return { ...this.state.get<Record<string, CachedSpeech>>(INDEX_KEY, {}) };
  }

  /** The audio spoken before for `key`, when its file is still there. */
  async get(key: string): Promise<{ file: vscode.Uri; durationSeconds: number } | undefined> {
    const index = this.#index();
    const entry = index[key];
    if (!entry) return undefined;
    const file = vscode.Uri.joinPath(this.folder, entry.file);
    const exists = await vscode.workspace.fs.stat(file).then(
      () => true,
      () => false,
    );
    if (!exists) {
      delete index[key];
      await this.state.update(INDEX_KEY, index);
      return undefined;
    }
    index[key] = { ...entry, usedAt: Date.now() };
    await this.state.update(INDEX_KEY, index);
    return { file, durationSeconds: entry.durationSeconds };
  }

  async put(key: string, audio: Uint8Array, durationSeconds: number): Promise<vscode.Uri> {
    await vscode.workspace.fs.createDirectory(this.folder);
    const name = `${key}.wav`;
    const file = vscode.Uri.joinPath(this.folder, name);
    await writeWhole(file, audio);
    const index = this.#index();
    index[key] = { file: name, bytes: audio.byteLength, durationSeconds, usedAt: Date.now() };
    for (const evicted of keysToEvict(index)) {
      const gone = index[evicted];
      delete index[evicted];
      if (gone && evicted !== key)
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.folder, gone.file)).then(undefined, () => undefined);
    }
    await this.state.update(INDEX_KEY, index);
    return file;
  }
}
