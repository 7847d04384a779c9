// What a listener should hear of a field: Markdown and blocks turned into plain words.
/**
 * The words of a Markdown or blocks value, as a listener should hear them: link text kept, link
 * targets, bare URLs, images, inline and fenced code, HTML and markup dropped.
 */
export function speakableText(value: unknown): string {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const { type, text, code, children } = node as { type?: string; text?: string; code?: boolean; children?: unknown[] };
      if (type === 'code' || type === 'image' || code === true) return;
      if (typeof text === 'string') parts.push(text);
      if (Array.isArray(children)) children.forEach(walk);
      if (type === 'paragraph' || type === 'heading' || type === 'list-item' || type === 'quote') parts.push('\n');
    };
    value.forEach(walk);
    return tidy(withoutUrls(parts.join('')));
  }
  if (typeof value !== 'string') return '';
  return tidy(
    withoutUrls(
      value
        .replace(/^\s*(```|~~~)[\s\S]*?^\s*\1\s*$/gm, '')
        .replace(new RegExp(`!\\[${LINK_TEXT}\\]\\([^)]*\\)`, 'g'), '')
        .replace(new RegExp(`\\[(${LINK_TEXT})\\]\\([^)]*\\)`, 'g'), '$1')
        .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
        .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
        .replace(/`[^`\n]*`/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/^[ \t]*(#{1,6}|>|[-*+]|\d+[.)])[ \t]+/gm, '')
        .replace(/(\*\*|__|[*_~])/g, ''),
    ),
  );
}

/** A link's text, which may hold one level of brackets itself (`[[kbd] ссылка](...)`). */
const LINK_TEXT = String.raw`(?:[^\[\]]|\[[^\]]*\])*`;

/** Bare addresses are not read aloud (link text is, above). */
const withoutUrls = (text: string): string => text.replace(/\b(https?:\/\/|www\.)[^\s)\]]*[^\s)\].,;:!?]/gi, '');

/** Spaces and blank lines left by what was dropped, folded; no space before punctuation. */
const tidy = (text: string): string =>
  text
    .replace(/[ \t]+/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
