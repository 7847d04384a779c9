/**
 * The word index that keeps fuzzy lookups cheap in a large memory. Each identity (pair, context,
 * memory key: memory-index.ts) is kept once with its words (fuzzy-similarity.ts) as numbers, and
 * each word lists the identities that have it, per pair and context and per word count.
 *
 * Why a lookup reads few of them (prefix filtering, as similarity joins do): a candidate of
 * `min` percent shares at least k = ceil(m * min / 100) of the query's m words (an edit distance
 * d >= max(m, n) - shared, and d <= max(m, n) * (100 - min) / 100). So it has at least one of any
 * m - k + 1 of the query's words: the lookup takes the rarest m - k + 1, reads only their lists, and
 * only for the word counts n the minimum allows (d >= |m - n|). A candidate is then counted (the
 * words it shares, a merge of two sorted lists) before its distance is computed, and the
 * computation stops as soon as it passes the distance the minimum allows. A query of common words
 * only is the slow case; the bench (bench/fuzzy.bench.ts) measures both kinds.
 */
import { distanceAllowed, keyWords, percentFromDistance, wordEditDistance } from './fuzzy-similarity.js';

/** A candidate that reached the minimum: its identity and its percentage. */
export interface ScoredIdentity {
  readonly id: string;
  readonly percent: number;
}

/** Word counts from this one up share one list per word (texts this long are rare). */
const LONGEST_COUNTED = 63;
const lengthBucket = (words: number) => Math.min(words, LONGEST_COUNTED);

/** How many word numbers two sorted lists share (as multisets). */
function sharedWords(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

export class FuzzyIndex {
  /** Slot per identity; a deleted identity's slot is left empty (undefined) and skipped where a list still names it. */
  readonly #slots = new Map<string, number>();
  readonly #ids: (string | undefined)[] = [];
  readonly #words: Int32Array[] = [];
  readonly #sortedWords: Int32Array[] = [];
  readonly #wordNumbers = new Map<string, number>();
  /** Per pair and context: (word number * 64 + word count bucket) -> the slots with that word and count. */
  readonly #groups = new Map<string, Map<number, number[]>>();
  #deleted = 0;
  /** Per slot, the lookup that last took it as a candidate (so a candidate is scored once). */
  #seen = new Uint32Array(1024);
  #lookups = 0;

  /** Adds an identity: `group` is its pair and context, `key` its memory key (the identity is `group + key`). */
  add(id: string, group: string, key: string): void {
    if (this.#slots.has(id)) return;
    const slot = this.#ids.length;
    const words = Int32Array.from(keyWords(key), (word) => {
      let number = this.#wordNumbers.get(word);
      if (number === undefined) this.#wordNumbers.set(word, (number = this.#wordNumbers.size));
      return number;
    });
    this.#slots.set(id, slot);
    this.#ids.push(id);
    this.#words.push(words);
    this.#sortedWords.push(words.slice().sort());
    let lists = this.#groups.get(group);
    if (lists === undefined) this.#groups.set(group, (lists = new Map()));
    const bucket = lengthBucket(words.length);
    for (const word of new Set(words)) {
      const list = lists.get(word * 64 + bucket);
      if (list === undefined) lists.set(word * 64 + bucket, [slot]);
      else list.push(slot);
    }
  }

  /** Forgets an identity (its slot stays in the lists, skipped, until the index is built again). */
  delete(id: string): void {
    const slot = this.#slots.get(id);
    if (slot === undefined) return;
    this.#slots.delete(id);
    this.#ids[slot] = undefined;
    this.#deleted++;
  }

  /** True once deleted slots outnumber live ones: the owner should build the index again. */
  get wasteful(): boolean {
    return this.#deleted > 1000 && this.#deleted > this.#slots.size;
  }

  /** The identities of `group` whose percentage against the text of memory key `key` is at least `min` (1 to 100), unsorted. */
  search(group: string, key: string, min: number): ScoredIdentity[] {
    const found: ScoredIdentity[] = [];
    const exact = group + key;
    if (this.#slots.has(exact)) found.push({ id: exact, percent: 100 });
    const lists = this.#groups.get(group);
    const words = Int32Array.from(keyWords(key), (word) => this.#wordNumbers.get(word) ?? -1);
    const m = words.length;
    if (m === 0 || lists === undefined) return found;
    const lookup = this.#nextLookup();
    const exactSlot = this.#slots.get(exact);
    if (exactSlot !== undefined) this.#seen[exactSlot] = lookup;
    // The word counts a match can have: |m - n| is at least the distance.
    const buckets: number[] = [];
    for (let n = 1; n < LONGEST_COUNTED; n++) if (Math.abs(m - n) <= distanceAllowed(min, m, n)) buckets.push(n);
    if (LONGEST_COUNTED * min <= 100 * m) buckets.push(LONGEST_COUNTED);
    const listSize = (word: number) => buckets.reduce((sum, bucket) => sum + (lists.get(word * 64 + bucket)?.length ?? 0), 0);
    const sizes = Array.from(words, (word) => (word < 0 ? 0 : listSize(word)));
    const order = Array.from(words, (_, i) => i).sort((a, b) => (sizes[a] ?? 0) - (sizes[b] ?? 0));
    const sorted = words.slice().sort();
    const needed = Math.ceil((m * min) / 100);
    for (const position of order.slice(0, m - needed + 1)) {
      const word = words[position] ?? -1;
      for (const bucket of word < 0 ? [] : buckets)
        for (const slot of lists.get(word * 64 + bucket) ?? []) {
          if (this.#seen[slot] === lookup) continue;
          this.#seen[slot] = lookup;
          const id = this.#ids[slot];
          const other = this.#words[slot];
          if (id === undefined || other === undefined) continue;
          const n = other.length;
          const limit = distanceAllowed(min, m, n);
          if (Math.max(m, n) - sharedWords(sorted, this.#sortedWords[slot] ?? other) > limit) continue;
          const distance = wordEditDistance(words, other, limit);
          if (distance > limit) continue;
          const percent = percentFromDistance(distance, m, n, false);
          if (percent >= min) found.push({ id, percent });
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
