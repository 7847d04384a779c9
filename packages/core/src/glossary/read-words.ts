/**
 * A text read for term matching, by the memory key's rules (memory-key.ts): Unicode NFC, then
 * palochka look-alikes replaced by the service's own rule (`normalizePalochka`, which keeps every
 * offset), so `кIуэ`, `к1уэ` and `кӀуэ` read alike. Words are runs of letters, marks and digits;
 * what lies between them is kept to compare phrases (`Адыгэ Республикэ`) and edges (`C++`).
 * Offsets are the original text's, whatever NFC composed.
 */
import { normalizePalochka } from '../palochka.js';

export interface ReadWords {
  /** The text in matching form: NFC, palochkas normalised (U+04C0). */
  readonly form: string;
  /** Word i spans `form.slice(starts[i], ends[i])`. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** The original offset of each offset of `form` (undefined when the text was NFC already: the same). */
  readonly original: readonly number[] | undefined;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gsu;

/** NFC of `text`, composed cluster by cluster so each offset maps back; undefined when it already is NFC. */
function composed(text: string): { form: string; original: number[] } | undefined {
  if (text.normalize('NFC') === text) return undefined;
  let form = '';
  const original: number[] = [];
  for (const match of text.matchAll(CLUSTER)) {
    const cluster = match[0].normalize('NFC');
    for (let i = 0; i < cluster.length; i++) original.push(match.index);
    form += cluster;
  }
  original.push(text.length);
  return { form, original };
}

export function readWords(text: string): ReadWords {
  const nfc = composed(text);
  const form = normalizePalochka(nfc?.form ?? text);
  const starts: number[] = [];
  const ends: number[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(form); match !== null; match = WORD.exec(form)) {
    starts.push(match.index);
    ends.push(match.index + match[0].length);
  }
  return { form, starts, ends, original: nfc?.original };
}

/** The original offset of an offset of the matching form. */
export function originalOffset(words: ReadWords, offset: number): number {
  return words.original === undefined ? offset : (words.original[offset] ?? offset);
}

/** Whitespace runs read as one space: a phrase matches across a line break or a double space. */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/gu, ' ');
}
