/**
 * Terms travel as protected markers: before a text is sent, each keep or translate term in it is
 * replaced by a wordless inline marker (`<x3/>`, the rule of text/inline-markers.ts, which the
 * engine moves with the words and the local service keeps verbatim), so the service never sees a
 * keep term as text and cannot translate a term its own way. After, each marker is replaced by
 * the term's agreed form: a keep term as the glossary writes it, a translate term as its target.
 *
 * Markers already in the text (a host's rich-text markup) are left alone: the glossary's numbers
 * start above the highest, and only its own are put back, so the host restores the rest.
 */
import type { LanguagePair } from '../memory/types.js';
import { MARKER_PATTERN, highestMarker, wordlessMarker } from '../text/inline-markers.js';
import type { Glossary } from './glossary.js';
import type { TermMatch } from './term-matcher.js';
import type { GlossaryEntry } from './types.js';

/** One term sent as a marker. */
export interface ProtectedTerm {
  /** The marker's number: the text carries `<x{id}/>`. */
  readonly id: number;
  readonly entry: GlossaryEntry;
  /** The term as it stood in the source. */
  readonly found: string;
  /** What the marker becomes in the translation: the agreed form. */
  readonly agreed: string;
}

export interface ProtectedText {
  /** The text to send: every term a marker. */
  readonly text: string;
  readonly terms: readonly ProtectedTerm[];
}

/**
 * The agreed form, written as the source wrote the term: all capitals stay capitals, and a term
 * the glossary writes in lower case takes a capital where the source gave it one (a sentence's
 * first word). An entry with `caseSensitive` is written exactly as agreed.
 */
export function agreedForm(entry: GlossaryEntry, found: string): string {
  const agreed = entry.type === 'keep' ? entry.source : entry.target;
  // Unit tests of case, no Unicode-class regex and no string made for a term in lower case (most
  // terms, as a glossary writes them): this runs for every term of every text sent.
  if (entry.caseSensitive === true || !isUpperUnit(found.charCodeAt(0))) return agreed;
  if (found.length > 1 && found === found.toUpperCase() && found !== found.toLowerCase()) return agreed.toUpperCase();
  if (isUpperUnit(entry.source.charCodeAt(0))) return agreed;
  return agreed.charAt(0).toUpperCase() + agreed.slice(1);
}

/** Whether a UTF-16 unit is a capital: lower-casing it alone changes it. */
function isUpperUnit(code: number): boolean {
  if (code < 0x80) return code >= 0x41 && code <= 0x5a;
  if (code >= 0x430 && code <= 0x45f) return false;
  if (code >= 0x410 && code <= 0x42f) return true;
  const char = String.fromCharCode(code);
  return char !== char.toLowerCase();
}

/** The spans of markers already in the text: no term is looked for inside one. */
function markerSpans(text: string): [number, number][] {
  if (!text.includes('<')) return [];
  return [...text.matchAll(MARKER_PATTERN)].map((match) => [match.index, match.index + match[0].length]);
}

/** The text with its keep and translate terms of `pair` as markers (the text itself when it has none). */
export function protectTerms(glossary: Glossary, pair: LanguagePair, text: string, matches?: readonly TermMatch[]): ProtectedText {
  const found = matches ?? glossary.sourceTerms(pair).find(text);
  if (found.length === 0) return { text, terms: [] };
  const spans = markerSpans(text);
  let next = highestMarker(text) + 1;
  let sent = '';
  let at = 0;
  const terms: ProtectedTerm[] = [];
  for (const match of found) {
    if (spans.some(([start, end]) => match.start < end && start < match.end)) continue;
    const id = next++;
    terms.push({ id, entry: match.entry, found: match.text, agreed: agreedForm(match.entry, match.text) });
    sent += text.slice(at, match.start) + wordlessMarker(id);
    at = match.end;
  }
  return { text: sent + text.slice(at), terms };
}

/** What came back: the translation with the agreed terms in, and the terms whose marker the answer lost. */
export interface RestoredText {
  readonly text: string;
  readonly lost: readonly ProtectedTerm[];
}

/**
 * Puts the agreed terms in place of their markers. A marker the answer lost (or sent back as an
 * opening or closing marker instead of `<xN/>`) cannot be placed: its term is in `lost`, and the
 * term check then reports it missing. Other markers are left for their owner.
 */
export function restoreTerms(answer: string, sent: ProtectedText): RestoredText {
  if (sent.terms.length === 0) return { text: answer, lost: [] };
  // A text holds a few terms: a scan of them beats building a map per text. The answer is read by
  // hand, marker by marker as MARKER_PATTERN reads them, since a regex replace with a callback per
  // marker was the largest share of this function in `pnpm bench glossary`'s profile.
  const placed: boolean[] = sent.terms.map(() => false);
  let text = '';
  let copied = 0;
  for (let at = answer.indexOf('<'); at !== -1; at = answer.indexOf('<', at + 1)) {
    const marker = markerAt(answer, at);
    if (marker === undefined) continue;
    const index = indexOfTerm(sent.terms, marker.id);
    const term = sent.terms[index];
    if (term === undefined) continue;
    text += answer.slice(copied, at);
    copied = marker.end;
    if (marker.closing || !marker.selfClosing) continue;
    placed[index] = true;
    text += term.agreed;
  }
  text += answer.slice(copied);
  return { text, lost: sent.terms.filter((_, index) => placed[index] !== true) };
}

function indexOfTerm(terms: readonly ProtectedTerm[], id: number): number {
  for (let i = 0; i < terms.length; i++) if (terms[i]?.id === id) return i;
  return -1;
}

/** The marker read as MARKER_PATTERN reads one (`<x3/>`, `<x3>`, `</x3>`, x in either case) at `at`, or undefined. */
function markerAt(text: string, at: number): { end: number; id: number; closing: boolean; selfClosing: boolean } | undefined {
  let p = at + 1;
  const closing = text.charCodeAt(p) === 0x2f;
  if (closing) p++;
  const x = text.charCodeAt(p);
  if (x !== 0x78 && x !== 0x58) return undefined;
  const digitsStart = ++p;
  if (!(text.charCodeAt(p) >= 0x31 && text.charCodeAt(p) <= 0x39)) return undefined;
  while (text.charCodeAt(p) >= 0x30 && text.charCodeAt(p) <= 0x39) p++;
  const id = Number(text.slice(digitsStart, p));
  const selfClosing = text.charCodeAt(p) === 0x2f;
  if (selfClosing) p++;
  if (text.charCodeAt(p) !== 0x3e) return undefined;
  return { end: p + 1, id, closing, selfClosing };
}
