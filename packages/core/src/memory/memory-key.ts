/**
 * The memory's match rule: two source texts share an entry when the service would see the same
 * text in them. The service replaces palochka look-alikes before its model (interface rule 6), so
 * the key does too, with the same helper; Unicode NFC first, so a letter typed as a base plus a
 * combining mark (й as и + U+0306, as some keyboards and macOS file names give it) matches its
 * composed form, which the palochka rules need to see as a Cyrillic letter. Whitespace around the
 * text is not part of the key: it is kept aside and put back around the stored answer, so an
 * indented line or a string with a trailing space reuses the same translation. Case, inner
 * whitespace and punctuation stay significant: the model answers them differently. The cases are
 * in shared/vectors/memory-keys.json, which PHP reads as well.
 */
import { normalizePalochka } from '../palochka.js';

/** A text cut into its surrounding whitespace and the part between, which is translated. */
export interface SurroundedText {
  readonly leading: string;
  readonly core: string;
  readonly trailing: string;
}

/** Whitespace is ECMAScript's (what String.prototype.trim removes): spaces, tabs, line breaks, NBSP, BOM. */
export function splitSurroundingWhitespace(text: string): SurroundedText {
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  if (start >= end) return { leading: text, core: '', trailing: '' };
  return { leading: text.slice(0, start), core: text.slice(start, end), trailing: text.slice(end) };
}

/** The text the memory matches on: NFC, palochka look-alikes replaced, surrounding whitespace removed. */
export function memoryKey(text: string): string {
  return normalizePalochka(splitSurroundingWhitespace(text).core.normalize('NFC'));
}

/** Puts a stored answer (kept without surrounding whitespace) back between the query's own whitespace. */
export function restoreSurroundingWhitespace(query: SurroundedText, answer: string): string {
  return `${query.leading}${splitSurroundingWhitespace(answer).core}${query.trailing}`;
}
