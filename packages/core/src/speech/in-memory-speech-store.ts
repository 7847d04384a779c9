/** A speech store held in the process: for tests, for `--no-cache` runs, and for hosts that persist parts their own way. */
import type { Clock, SpeechStore, SpeechStoreEntry, StoredSpeech } from './speech-store.js';

export class InMemorySpeechStore implements SpeechStore {
  readonly #entries = new Map<string, StoredSpeech & { lastUsedAt: number }>();
  readonly #now: Clock;

  constructor(options: { readonly now?: Clock } = {}) {
    this.#now = options.now ?? Date.now;
  }

  get(key: string): Promise<StoredSpeech | undefined> {
    const entry = this.#entries.get(key);
    if (entry === undefined) return Promise.resolve(undefined);
    entry.lastUsedAt = this.#now();
    return Promise.resolve({ audio: entry.audio, durationSeconds: entry.durationSeconds });
  }
  has(key: string): Promise<boolean> {
    return Promise.resolve(this.#entries.has(key));
  }
  put(key: string, speech: StoredSpeech): Promise<void> {
    this.#entries.set(key, { audio: speech.audio, durationSeconds: speech.durationSeconds, lastUsedAt: this.#now() });
    return Promise.resolve();
  }
  remove(key: string): Promise<boolean> {
    return Promise.resolve(this.#entries.delete(key));
  }
  async *entries(): AsyncIterable<SpeechStoreEntry> {
    // A copy: cleanup removes entries while it walks them.
    const listed = [...this.#entries].map(([key, entry]) => ({ key, bytes: entry.audio.byteLength, lastUsedAt: entry.lastUsedAt }));
    yield* listed;
  }
  size(): Promise<{ entries: number; bytes: number }> {
    let bytes = 0;
    for (const entry of this.#entries.values()) bytes += entry.audio.byteLength;
    return Promise.resolve({ entries: this.#entries.size, bytes });
  }
}
