// Strapi's blocks editor stores a JSON tree; only its text leaves are prose. Code blocks, inline
// code (`code: true` text), links' URLs, URLs in prose or used as link text, images and
// formatting flags are kept exactly (as the Markdown walk keeps them): none of it is sent.

type Node = Record<string, unknown>;

// A URL in a text leaf, with or without its scheme ("www.example.org" used as link text).
const URL_PATTERN = /(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]]/gu;

export function mapBlocks(value: unknown, translate: (text: string) => string): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((node) => mapNode(node as Node, translate));
}

/** One run of prose, its surrounding whitespace kept out of what is sent. */
function mapProse(text: string, translate: (text: string) => string): string {
  const [, before = '', core = '', after = ''] = /^(\s*)(.*?)(\s*)$/su.exec(text) ?? [];
  return /\p{L}/u.test(core) ? `${before}${translate(core)}${after}` : text;
}

/** A text leaf with the prose between its URLs translated and the URLs kept. */
function mapText(text: string, translate: (text: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    out += mapProse(text.slice(last, index), translate) + match[0];
    last = index + match[0].length;
  }
  return out + mapProse(text.slice(last), translate);
}

function mapNode(node: Node, translate: (text: string) => string): Node {
  if (node === null || typeof node !== 'object') return node;
  if (node.type === 'code') return node;
  if (node.type === 'text' && typeof node.text === 'string') {
    if (node.code === true) return node;
    return { ...node, text: mapText(node.text, translate) };
  }
  if (Array.isArray(node.children)) return { ...node, children: node.children.map((child) => mapNode(child as Node, translate)) };
  return node;
}
