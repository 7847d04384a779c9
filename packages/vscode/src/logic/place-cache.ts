// What was worked out for a place of one version of a document (the hover: its text found, masked,
// translated and its near matches looked up), kept so that hovering the same place again costs a
// map lookup. An entry answers only the same document version (an edit moves every place) under
// the same stamp (the settings and the memory's state when it was made: a correction saved or a
// teammate's pull makes it stale), while the document stays open. Only the documents' latest
// versions are kept, at most `limit` places in all, the oldest dropped first.

export interface Place {
  /** The document's URI as a string. */
  readonly document: string;
  readonly version: number;
}

interface Entry<T> {
  readonly start: number;
  readonly end: number;
  readonly stamp: string;
  readonly value: T;
}

export class PlaceCache<T> {
  readonly #byDocument = new Map<string, { version: number; entries: Entry<T>[] }>();
  #size = 0;

  constructor(private readonly limit = 200) {}

  /** The value kept for a range of this document version holding `offset`, made under `stamp`. */
  find(place: Place, offset: number, stamp: string): T | undefined {
    const kept = this.#byDocument.get(place.document);
    if (kept?.version !== place.version) return undefined;
    return kept.entries.find((entry) => entry.start <= offset && offset <= entry.end && entry.stamp === stamp)?.value;
  }

  /** Keeps `value` for `start`-`end` of this document version (what an older version kept goes). */
  keep(place: Place, start: number, end: number, stamp: string, value: T): void {
    let kept = this.#byDocument.get(place.document);
    if (kept?.version !== place.version) {
      this.#size -= kept?.entries.length ?? 0;
      kept = { version: place.version, entries: [] };
    }
    // Newest last in the map's order: re-set so the document is the last one dropped.
    this.#byDocument.delete(place.document);
    this.#byDocument.set(place.document, kept);
    const before = kept.entries.length;
    kept.entries = kept.entries.filter((entry) => entry.end < start || end < entry.start);
    kept.entries.push({ start, end, stamp, value });
    this.#size += kept.entries.length - before;
    while (this.#size > this.limit) this.#dropOldest();
  }

  /**
   * Drops what was kept for a document: called when it closes, since a closed document's URI comes
   * back with version 1 again (an untitled one reused, a file reopened after a change on disk).
   */
  forget(document: string): void {
    this.#size -= this.#byDocument.get(document)?.entries.length ?? 0;
    this.#byDocument.delete(document);
  }

  get size(): number {
    return this.#size;
  }

  #dropOldest(): void {
    const [document, kept] = this.#byDocument.entries().next().value ?? [];
    if (document === undefined || kept === undefined) return;
    kept.entries.shift();
    this.#size--;
    if (kept.entries.length === 0) this.#byDocument.delete(document);
  }
}
