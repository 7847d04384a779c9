// Rich text (Markdown) is translated line by line with its structure kept: block markers
// (headings, list bullets, quotes, table pipes), code (fenced and inline), link and image
// targets, HTML tags and bare URLs never reach the service; only the prose between them does.

/** A line's pieces in order: strings kept as they are, `{ text }` pieces translated. */
export type Piece = string | { text: string };

const FENCE = /^\s*(```|~~~)/;
const BLOCK_PREFIX = /^(\s*(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)*)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
// Protected inline tokens: code spans, link/image targets "](...)", autolinks, HTML tags, bare URLs,
// emphasis markers and the brackets of links (kept so the markup stays valid).
const PROTECTED = /(`+[^`]*`+|\]\([^)]*\)|<[^>\s]+>|https?:\/\/[^\s)]+|!?\[|\*\*|__|[*_~]{1,2}(?=\S)|(?<=\S)[*_~]{1,2})/g;

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
    pieces.push(...inlinePieces(line.slice(prefix.length)));
  }
  return pieces;
}

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

/** Rebuilds the Markdown with each translated piece replaced through `translate`. */
export function mapMarkdown(markdown: string, translate: (text: string) => string): string {
  return markdownPieces(markdown)
    .map((piece) => (typeof piece === 'string' ? piece : translate(piece.text)))
    .join('');
}
