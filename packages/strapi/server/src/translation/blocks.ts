// Strapi's blocks editor stores a JSON tree; only its text leaves are prose. Code blocks, inline
// code (`code: true` text), links' URLs, URLs in prose or used as link text, images and
// formatting flags are kept exactly (as the Markdown walk keeps them): none of it is sent. A
// paragraph's (heading's, list item's) inline run goes as one sentence: its links and bold,
// italic, underlined or struck words as markers around their words, inline code and URLs as
// wordless markers (inline-markers.ts); one whose markers do not come back stays as written.
import { looksMarked, markSegments, restoreMarkers, type Restored, type Segment } from '@circassian/core/text';

type Node = Record<string, unknown>;
type Translate = (text: string) => string;

const FORMATS = ['bold', 'italic', 'underline', 'strikethrough'] as const;

// A URL in a text leaf, with or without its scheme ("www.example.org" used as link text).
const URL_PATTERN = /(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]]/gu;

/** The blocks with their prose through `translate`; `onLost` is told of each inline run kept as written (its markers lost). */
export function mapBlocks(value: unknown, translate: Translate, onLost?: () => void): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((node) => mapNode(node as Node, translate, onLost));
}

/** One run of prose, its surrounding whitespace kept out of what is sent. */
function mapProse(text: string, translate: Translate): string {
  const [, before = '', core = '', after = ''] = /^(\s*)(.*?)(\s*)$/su.exec(text) ?? [];
  return /\p{L}/u.test(core) ? `${before}${translate(core)}${after}` : text;
}

/** A text leaf with the prose between its URLs translated and the URLs kept. */
function mapText(text: string, translate: Translate): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    out += mapProse(text.slice(last, index), translate) + match[0];
    last = index + match[0].length;
  }
  return out + mapProse(text.slice(last), translate);
}

function mapNode(node: Node, translate: Translate, onLost: (() => void) | undefined): Node {
  if (node === null || typeof node !== 'object') return node;
  if (node.type === 'code') return node;
  if (node.type === 'text' && typeof node.text === 'string') {
    if (node.code === true) return node;
    return { ...node, text: mapText(node.text, translate) };
  }
  if (!Array.isArray(node.children)) return node;
  const children = node.children as Node[];
  if (wantsMarkers(children)) {
    const marked = markSegments(inlineSegments(children));
    const restored = restoreMarkers(translate(marked.text), marked);
    if (restored) return { ...node, children: inlineNodes(restored, children) };
    onLost?.();
    return node;
  }
  return { ...node, children: children.map((child) => mapNode(child, translate, onLost)) };
}

const isText = (node: Node): boolean => node?.type === 'text' && typeof node.text === 'string';
const isFormatted = (node: Node): boolean => FORMATS.some((format) => node[format] === true);

/** An inline run (text leaves and links) with a link, formatting or inline code in it, none of its words reading as a marker. */
function wantsMarkers(children: Node[]): boolean {
  const inline = children.every((child) => isText(child) || child?.type === 'link');
  const words = (nodes: Node[]): string[] =>
    nodes.flatMap((child) => (isText(child) ? [child.text as string] : words((child.children as Node[]) ?? [])));
  return (
    inline &&
    children.some((child) => child.type === 'link' || isFormatted(child) || child.code === true) &&
    words(children).some((text) => /\p{L}/u.test(text)) &&
    !words(children).some(looksMarked)
  );
}

/** A text's words, its URLs as wordless leaves. */
function textSegments(text: string): Array<Segment<Node>> {
  const list: Array<Segment<Node>> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) list.push({ kind: 'text', text: text.slice(last, index) });
    list.push({ kind: 'wordless', value: { type: 'text', text: match[0] } });
    last = index + match[0].length;
  }
  if (last < text.length) list.push({ kind: 'text', text: text.slice(last) });
  return list;
}

function inlineSegments(children: Node[]): Array<Segment<Node>> {
  return children.flatMap((child): Array<Segment<Node>> => {
    if (child.type === 'link') {
      const inner = inlineSegments((child.children as Node[]) ?? []);
      // A link with no words (its URL as its text) travels whole, as one wordless marker.
      return [inner.some(hasWords) ? { kind: 'around', value: child, inner } : { kind: 'wordless', value: child }];
    }
    const text = child.text as string;
    if (text === '') return [];
    if (!isFormatted(child) && child.code !== true) return textSegments(text);
    if (child.code === true || !/\p{L}/u.test(text.replace(URL_PATTERN, ''))) return [{ kind: 'wordless', value: child }];
    return [{ kind: 'around', value: child, inner: textSegments(text) }];
  });
}

const hasWords = (segment: Segment<Node>): boolean =>
  segment.kind === 'text' ? /\p{L}/u.test(segment.text) : segment.kind === 'around' && segment.inner.some(hasWords);

/** The words of restored pieces, wordless leaves as their text. */
const plain = (pieces: ReadonlyArray<Restored<Node>>): string =>
  pieces
    .map((piece) => (piece.kind === 'text' ? piece.text : piece.kind === 'wordless' ? String(piece.value.text ?? '') : plain(piece.inner)))
    .join('');

/** Restored pieces as the blocks editor's inline nodes; a link at an edge keeps the empty text leaf the original had there. */
function inlineNodes(pieces: ReadonlyArray<Restored<Node>>, original: readonly Node[] = []): Node[] {
  const nodes = pieces.map((piece): Node => {
    if (piece.kind === 'text') return { type: 'text', text: piece.text };
    if (piece.kind === 'wordless') return piece.value;
    if (piece.value.type === 'link') return { ...piece.value, children: inlineNodes(piece.inner) };
    return { ...piece.value, text: plain(piece.inner) };
  });
  if (nodes[0]?.type === 'link' && original[0] && isText(original[0])) nodes.unshift({ type: 'text', text: '' });
  if (nodes[nodes.length - 1]?.type === 'link' && original.length > 0 && isText(original[original.length - 1] as Node))
    nodes.push({ type: 'text', text: '' });
  return nodes.length > 0 ? nodes : [{ type: 'text', text: '' }];
}
