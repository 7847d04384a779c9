/**
 * Where the speech memory keeps voiced parts: any store with these six operations. Core has one in
 * the process (InMemorySpeechStore) and one in a folder (FolderSpeechStore, the CLI's); a host keeps
 * them where it keeps media (WordPress uploads and a table, Strapi's upload plugin and a table, the
 * VS Code extension's storage) by implementing the same interface.
 */

/** A voiced part: a WAV file and its length. */
export interface StoredSpeech {
  readonly audio: Uint8Array;
  readonly durationSeconds: number;
}

/** What cleanup needs to know of an entry. */
export interface SpeechStoreEntry {
  readonly key: string;
  /** The audio's size in bytes. */
  readonly bytes: number;
  /** When it was last put or read (ms since 1970), the clock cleanup's grace period runs on. */
  readonly lastUsedAt: number;
}

export interface SpeechStore {
  /** The part kept under `key`, marked as used now; undefined when there is none. */
  get(key: string): Promise<StoredSpeech | undefined>;
  /** Whether a part is kept under `key` (does not count as a use). */
  has(key: string): Promise<boolean>;
  /** Keeps a part under `key`, replacing any before it, marked as used now. */
  put(key: string, speech: StoredSpeech): Promise<void>;
  /** Removes the part under `key`; true when there was one. */
  remove(key: string): Promise<boolean>;
  /** Every entry's size and last use, in no particular order. */
  entries(): AsyncIterable<SpeechStoreEntry>;
  /** How many parts are kept and their bytes together. */
  size(): Promise<{ readonly entries: number; readonly bytes: number }>;
}

/** The clock a store marks uses with; tests pass their own. */
export type Clock = () => number;
