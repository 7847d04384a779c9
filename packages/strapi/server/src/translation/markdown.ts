// Rich text (Markdown) is translated line by line with its structure kept: block markers
// (headings, list bullets, quotes, table pipes), code (fenced and inline), link and image
// targets, HTML tags and bare URLs never reach the service. A line's prose goes as one sentence:
// its links, images and emphasis as inline markers around their words, code, tags and URLs as
// wordless markers (inline-markers.ts), so "read more on [the site](…)." is translated whole.
import { looksMarked, markSegments, restoreMarkers, type Restored, type Segment } from '@circassian/core/text';

/**
 * A line's pieces in order: strings kept as they are, `{ text }` pieces translated. A marked
 * piece's answer goes through `restore`, which gives the line back with its markup, or null when
 * the markers did not come back (the line then stays as written, and is named).
 */
export type Piece = string | { text: string; restore?: (answer: string) => string | null; source?: string };

/** Markup of a line: what stands before a marked run of words and after it (a wordless token: `open` alone). */
interface Markup {
  open: string;
  close: string;
}

const FENCE = /^\s*(```|~~~)/;
const BLOCK_PREFIX = /^(\s*(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)*)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
// Protected inline tokens: code spans, link/image targets "](...)", autolinks, HTML tags, bare URLs,
// emphasis markers and the opening brackets of links (kept so the markup stays valid). A bracket
// that opens no link ("[kbd] ...", "see [1]") is text: split off, it would be read back without it.
const PROTECTED = /(`+[^`]*`+|\]\([^)]*\)|<[^>\s]+>|https?:\/\/[^\s)]+|!?\[(?=[^\]]*\]\()|\*\*|__|[*_~]{1,2}(?=\S)|(?<=\S)[*_~]{1,2})/g;

export function markdownPieces(markdown: string): Piece[] {
  const pieces: Piece[] = [];
  let inFence = false;
  const lines = markdown.split(/(\r?\n)/);
  for (const line of lines) {
    if (line === '\n' || line === '\r\n') {
      pieces.push(line);
      continue;
    }
    if (FENCE.test(line)) {
      inFence = !inFence;
      pieces.push(line);
      continue;
    }
    if (inFence || line.trim() === '' || RULE.test(line) || /^\s*\|?[\s:|-]+\|[\s:|-]*$/.test(line)) {
      pieces.push(line);
      continue;
    }
    const prefix = BLOCK_PREFIX.exec(line)?.[1] ?? '';
    if (prefix) pieces.push(prefix);
    pieces.push(...(markedLine(line.slice(prefix.length)) ?? inlinePieces(line.slice(prefix.length))));
  }
  return pieces;
}

const WORDLESS = /^(`+)[\s\S]*?\1|^<[^>\s]+>|^https?:\/\/[^\s)]+/;
const LINK_TARGET = /^\]\([^)]*\)/;

/** The end of the `[...]` that opens at `start` (its closing bracket), brackets inside counted; -1 when none. */
function closingBracket(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    if (text[index] === '[') depth += 1;
    else if (text[index] === ']' && --depth === 0) return index;
  }
  return -1;
}

/** A line's inline Markdown as segments: words, wordless tokens, and links, images and emphasis around their words. */
function segments(text: string): Array<Segment<Markup>> {
  const list: Array<Segment<Markup>> = [];
  let words = '';
  const flush = () => {
    if (words) list.push({ kind: 'text', text: words });
    words = '';
  };
  const around = (open: string, inner: string, close: string) => {
    flush();
    // Markup around no words (`**42**`) travels as one wordless token.
    if (/\p{L}/u.test(inner)) list.push({ kind: 'around', value: { open, close }, inner: segments(inner) });
    else list.push({ kind: 'wordless', value: { open: `${open}${inner}${close}`, close: '' } });
  };
  for (let index = 0; index < text.length;) {
    const rest = text.slice(index);
    const token = WORDLESS.exec(rest)?.[0];
    if (token) {
      flush();
      list.push({ kind: 'wordless', value: { open: token, close: '' } });
      index += token.length;
      continue;
    }
    const bang = rest.startsWith('![') ? 1 : 0;
    if (rest[bang] === '[') {
      const end = closingBracket(text, index + bang);
      const target = end < 0 ? undefined : LINK_TARGET.exec(text.slice(end))?.[0];
      if (target) {
        around(bang ? '![' : '[', text.slice(index + bang + 1, end), target);
        index = end + target.length;
        continue;
      }
    }
    const delimiter = /^(\*\*|__|~~|\*|_)(?=\S)/.exec(rest)?.[1];
    // `_` inside a word (snake_case) is no emphasis.
    const intraword = delimiter?.startsWith('_') && /[\p{L}\p{N}]/u.test(text[index - 1] ?? '');
    if (delimiter && !intraword) {
      const from = index + delimiter.length;
      let close = text.indexOf(delimiter, from + 1);
      while (close > 0 && /\s/.test(text[close - 1] ?? '')) close = text.indexOf(delimiter, close + 1);
      if (close > 0) {
        around(delimiter, text.slice(from, close), delimiter);
        index = close + delimiter.length;
        continue;
      }
    }
    words += text[index];
    index += 1;
  }
  flush();
  return list;
}

/** Restored segments written back as Markdown. */
const written = (restored: ReadonlyArray<Restored<Markup>>): string =>
  restored
    .map((piece) =>
      piece.kind === 'text'
        ? piece.text
        : piece.kind === 'wordless'
          ? piece.value.open
          : `${piece.value.open}${written(piece.inner)}${piece.value.close}`,
    )
    .join('');

/**
 * A line's prose as one marked sentence, its surrounding whitespace kept out; null where the line
 * has no inline markup (it goes as before), is a table row (cells go one by one) or holds text that
 * reads as a marker.
 */
function markedLine(text: string): Piece[] | null {
  if (text.includes('|') || looksMarked(text)) return null;
  const list = segments(text);
  if (list.every((segment) => segment.kind === 'text') || !list.some(hasWords)) return null;
  const [, before = '', core = '', after = ''] = /^(\s*)(.*?)(\s*)$/su.exec(text) ?? [];
  const marked = markSegments(segments(core));
  return [
    ...(before ? [before] : []),
    {
      text: marked.text,
      source: core,
      restore: (answer: string) => {
        const restored = restoreMarkers(answer, marked);
        return restored ? written(restored) : null;
      },
    },
    ...(after ? [after] : []),
  ];
}

const hasWords = (segment: Segment<Markup>): boolean =>
  segment.kind === 'text' ? /\p{L}/u.test(segment.text) : segment.kind === 'around' && segment.inner.some(hasWords);

function inlinePieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(PROTECTED)) {
    const index = match.index ?? 0;
    if (index > last) pieces.push(...proseOrTable(text.slice(last, index)));
    pieces.push(match[0]);
    last = index + match[0].length;
  }
  if (last < text.length) pieces.push(...proseOrTable(text.slice(last)));
  return pieces;
}

/** Table cells are translated one by one; whitespace around prose stays outside what is sent. */
function proseOrTable(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const part of text.split(/(\|)/)) {
    if (part === '|') {
      pieces.push(part);
      continue;
    }
    // Punctuation that closes the previous piece (": text" after "**bold**") stays out of what is sent.
    const match = /^([\s,.;:!?)\]»”]*)(.*?)(\s*)$/su.exec(part);
    const [, before = '', core = '', after = ''] = match ?? [];
    if (before) pieces.push(before);
    if (/\p{L}/u.test(core)) pieces.push({ text: core });
    else if (core) pieces.push(core);
    if (after) pieces.push(after);
  }
  return pieces;
}

/**
 * Rebuilds the Markdown with each translated piece replaced through `translate`. A line whose
 * markers did not come back stays as written, and `onLost` is told (once per such line).
 */
export function mapMarkdown(markdown: string, translate: (text: string) => string, onLost?: () => void): string {
  return markdownPieces(markdown)
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      const answer = translate(piece.text);
      if (!piece.restore) return answer;
      const restored = piece.restore(answer);
      if (restored === null) onLost?.();
      return restored ?? piece.source ?? piece.text;
    })
    .join('');
}
