/**
 * The word index that keeps fuzzy lookups cheap in a large memory. Each identity (pair, context,
 * memory key: memory-index.ts) is kept once with its words (fuzzy-similarity.ts), and each word
 * lists the identities that have it, per pair and context.
 *
 * Why a lookup reads few of them (prefix filtering, as similarity joins do): a candidate of
 * `min` percent shares at least k = ceil(m * min / 100) of the query's m words (an edit distance
 * d >= max(m, n) - shared, and d <= max(m, n) * (100 - min) / 100). So it has at least one of any
 * m - k + 1 of the query's words: the lookup takes the rarest m - k + 1, reads only their lists,
 * and computes the distance for those candidates alone, stopping each computation as soon as it
 * passes the distance the minimum allows. A query of common words only is the slow case; the bench
 * (bench/fuzzy.bench.ts) measures both kinds.
 */
import { distanceAllowed, fuzzyWords, percentFromDistance, wordEditDistance } from './fuzzy-similarity.js';

/** A candidate that reached the minimum: its identity and its percentage. */
export interface ScoredIdentity {
  readonly id: string;
  readonly percent: number;
}

export class FuzzyIndex {
  /** Slot per identity; a deleted identity's slot is left empty (undefined) and reused by no one. */
  readonly #slots = new Map<string, number>();
  readonly #ids: (string | undefined)[] = [];
  readonly #words: string[][] = [];
  readonly #groups: string[] = [];
  /** `group + '\u0000' + word` -> the slots whose identity has the word. */
  readonly #postings = new Map<string, Set<number>>();
  /** Per slot, the lookup that last took it as a candidate (so a candidate is scored once). */
  #seen = new Uint32Array(1024);
  #lookups = 0;

  /** Adds an identity: `group` is its pair and context, `key` its memory key (the identity is `group + key`). */
  add(id: string, group: string, key: string): void {
    if (this.#slots.has(id)) return;
    const slot = this.#ids.length;
    const words = fuzzyWords(key);
    this.#slots.set(id, slot);
    this.#ids.push(id);
    this.#words.push(words);
    this.#groups.push(group);
    for (const word of new Set(words)) {
      const posting = `${group}\u0000${word}`;
      let slots = this.#postings.get(posting);
      if (slots === undefined) this.#postings.set(posting, (slots = new Set()));
      slots.add(slot);
    }
  }

  delete(id: string): void {
    const slot = this.#slots.get(id);
    if (slot === undefined) return;
    this.#slots.delete(id);
    this.#ids[slot] = undefined;
    const group = this.#groups[slot] ?? '';
    for (const word of new Set(this.#words[slot])) {
      const posting = `${group}\u0000${word}`;
      const slots = this.#postings.get(posting);
      slots?.delete(slot);
      if (slots?.size === 0) this.#postings.delete(posting);
    }
    this.#words[slot] = [];
  }

  /** The identities of `group` whose percentage against `text` (key `key`) is at least `min` (1 to 100), unsorted. */
  search(group: string, key: string, min: number): ScoredIdentity[] {
    const words = fuzzyWords(key);
    const m = words.length;
    const found: ScoredIdentity[] = [];
    const exact = group + key;
    if (this.#slots.has(exact)) found.push({ id: exact, percent: 100 });
    if (m === 0) return found;
    const lookup = this.#nextLookup();
    const exactSlot = this.#slots.get(exact);
    if (exactSlot !== undefined) this.#seen[exactSlot] = lookup;
    const lists = words.map((word) => this.#postings.get(`${group}\u0000${word}`));
    const order = words.map((_, i) => i).sort((a, b) => (lists[a]?.size ?? 0) - (lists[b]?.size ?? 0));
    const needed = Math.ceil((m * min) / 100);
    for (const position of order.slice(0, m - needed + 1)) {
      for (const slot of lists[position] ?? []) {
        if (this.#seen[slot] === lookup) continue;
        this.#seen[slot] = lookup;
        const other = this.#words[slot] ?? [];
        const limit = distanceAllowed(min, m, other.length);
        const distance = wordEditDistance(words, other, limit);
        if (distance > limit) continue;
        const percent = percentFromDistance(distance, m, other.length, false);
        if (percent >= min) found.push({ id: this.#ids[slot] ?? '', percent });
      }
    }
    return found;
  }

  #nextLookup(): number {
    if (this.#seen.length < this.#ids.length) {
      const grown = new Uint32Array(Math.max(this.#ids.length, this.#seen.length * 2));
      grown.set(this.#seen);
      this.#seen = grown;
    }
    if (this.#lookups === 0xffffffff) {
      this.#seen.fill(0);
      this.#lookups = 0;
    }
    return ++this.#lookups;
  }
}
