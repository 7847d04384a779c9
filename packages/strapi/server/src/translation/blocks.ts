// Strapi's blocks editor stores a JSON tree; only its text leaves are prose. Code blocks, links'
// URLs, images and formatting flags are kept exactly.

type Node = Record<string, unknown>;

export function mapBlocks(value: unknown, translate: (text: string) => string): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((node) => mapNode(node as Node, translate));
}

function mapNode(node: Node, translate: (text: string) => string): Node {
  if (node === null || typeof node !== 'object') return node;
  if (node.type === 'code') return node;
  if (node.type === 'text' && typeof node.text === 'string') {
    const text = node.text;
    const match = /^(\s*)(.*?)(\s*)$/s.exec(text);
    const [, before = '', core = '', after = ''] = match ?? [];
    return /\p{L}/u.test(core) ? { ...node, text: `${before}${translate(core)}${after}` } : node;
  }
  if (Array.isArray(node.children)) return { ...node, children: node.children.map((child) => mapNode(child as Node, translate)) };
  return node;
}
