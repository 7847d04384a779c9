/**
 * Inline markers: the one rule for sending what is not words inside a text the service translates
 * whole. `<x1>…</x1>` stands around the words of a link or a bold run, `<x2/>` for what has no
 * words to translate (inline code, a URL, a protected glossary term); the engine translates the
 * sentence at once and moves the markers with the words (the local service keeps them verbatim),
 * and what they stand for comes back from the original, never from the answer. An answer whose
 * markers cannot be placed (missing, doubled, crossed, unknown) is refused by `restoreMarkers`:
 * the caller keeps the source and says so. The WordPress editor's markers.js writes the same
 * markers around DOM nodes; Strapi's rich text, Markdown and the glossary (glossary/protect.ts) go
 * through this module.
 */

/** One piece of a marked text: words, markup without words, or markup around words. */
export type Segment<T> =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'wordless'; readonly value: T }
  | { readonly kind: 'around'; readonly value: T; readonly inner: ReadonlyArray<Segment<T>> };

/** What comes back: words, and the markup each marker stood for (with its words, for markup around words). */
export type Restored<T> =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'wordless'; readonly value: T }
  | { readonly kind: 'around'; readonly value: T; readonly inner: Array<Restored<T>> };

export interface Marked<T> {
  /** The text sent: words with the markers. */
  readonly text: string;
  /** Marker number (from 1) -> the markup it stands for. */
  readonly values: ReadonlyMap<number, { readonly value: T; readonly around: boolean }>;
}

const MARKER = /<(\/?)x([1-9]\d*)(\/?)>/gi;

/** Every marker in a text: `<xN>`, `</xN>` or `<xN/>` (group 1 the closing slash, 2 the number, 3 the self-closing slash). */
export const MARKER_PATTERN: RegExp = MARKER;

/** The highest marker number in `text` (0 when it has none): numbers a caller adds start above it. */
export function highestMarker(text: string): number {
  if (!text.includes('<')) return 0;
  let highest = 0;
  for (const match of text.matchAll(MARKER)) highest = Math.max(highest, Number(match[2]));
  return highest;
}

/** A marker for what has no words: `<xN/>`. */
export const wordlessMarker = (id: number): string => `<x${id}/>`;

/** Whether text could be read as a marker: such words are not sent marked (their markers would be ambiguous). */
export const looksMarked = (text: string): boolean => /<\/?x[1-9]\d*\/?>/i.test(text);

/** The segments as one text with numbered markers. */
export function markSegments<T>(segments: ReadonlyArray<Segment<T>>): Marked<T> {
  const values = new Map<number, { value: T; around: boolean }>();
  const write = (list: ReadonlyArray<Segment<T>>): string =>
    list
      .map((segment) => {
        if (segment.kind === 'text') return segment.text;
        const id = values.size + 1;
        values.set(id, { value: segment.value, around: segment.kind === 'around' });
        return segment.kind === 'wordless' ? `<x${id}/>` : `<x${id}>${write(segment.inner)}</x${id}>`;
      })
      .join('');
  return { text: write(segments), values };
}

/**
 * The answer as segments with the original markup, or null when its markers cannot be placed:
 * each marker exactly once, an opened one closed in order, no number that was not sent.
 */
export function restoreMarkers<T>(answer: string, marked: Marked<T>): Array<Restored<T>> | null {
  const root: Array<Restored<T>> = [];
  const stack: Array<{ id: number; children: Array<Restored<T>> }> = [{ id: 0, children: root }];
  const seen = new Set<number>();
  let at = 0;
  const top = () => stack[stack.length - 1] as { id: number; children: Array<Restored<T>> };
  const addText = (text: string) => {
    if (text) top().children.push({ kind: 'text', text });
  };
  for (const match of answer.matchAll(MARKER)) {
    addText(answer.slice(at, match.index));
    at = match.index + match[0].length;
    const [, closing, digits, selfClosing] = match;
    const id = Number(digits);
    const known = marked.values.get(id);
    if (!known) return null;
    if (closing) {
      if (top().id !== id) return null;
      const done = stack.pop() as { id: number; children: Array<Restored<T>> };
      top().children.push({ kind: 'around', value: known.value, inner: done.children });
      continue;
    }
    if (seen.has(id) || known.around === Boolean(selfClosing)) return null;
    seen.add(id);
    if (selfClosing) top().children.push({ kind: 'wordless', value: known.value });
    else stack.push({ id, children: [] });
  }
  addText(answer.slice(at));
  return stack.length === 1 && seen.size === marked.values.size ? root : null;
}
