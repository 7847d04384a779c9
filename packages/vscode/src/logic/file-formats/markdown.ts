// Markdown: the prose is translated, the rest stays as typed. Kept: fenced and indented code,
// math blocks, HTML blocks and comments, link reference definitions, rules, table rules, list and
// quote markers, heading marks, front matter (only the values of prose keys such as `title` and
// `description` are translated, never a key), and inside a text: code spans, link and image
// targets, autolinks, bare URLs, inline HTML, entities (see PROTECT). A paragraph hard-wrapped over
// several lines is one text (the model sees whole sentences) and comes back as one line, which
// Markdown renders the same; a hard line break (two spaces or `\` at the end) ends a text.
// Also kept: GitHub's alert markers (`> [!NOTE]`), collapsed reference links whole (`[page
// bundles][]`: its text is its label, so translating it would break the link), definition list
// markers (`: ` opens a definition, its term is a text of its own), and templating shortcodes
// (Hugo's `{{< name ... >}}` and `{{% name %}}` on their own lines, over several lines too; the
// body of a code shortcode such as `highlight` up to its closing one).
import { KeyCounter, rangedFormat, splitLines, type Line, type RangedUnit } from './format';
import { EMAIL, protectPattern } from './protect';
import { siteMarkupAt } from './site-markup';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MATH = /^ {0,3}\$\$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
const HEADING_CLOSE = /[ \t]+#+[ \t]*$/;
const QUOTE = /^ {0,3}(?:>[ \t]?)+/;
const LIST = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(?:\[[ xX]\][ \t]+)?|$)/;
const DEFINITION = /^ {0,3}:[ \t]+/;
const FOOTNOTE = /^ {0,3}\[\^[^\]]+\]:[ \t]*/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const HTML_COMMENT = /^ {0,3}<!--/;
/** HTML blocks that end at their closing tag, blank lines or not (CommonMark's type 1). */
const HTML_RAW = /^ {0,3}<(script|pre|style|textarea)(?:[\s>]|$)/i;
/** CommonMark's block-level tag names (type 6): such a line starts an HTML block whatever follows it on the line. */
const HTML_BLOCK_TAG =
  /^ {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[\s>]|\/>|$)/i;
/** Any other complete tag alone on its line (type 7; it does not interrupt a paragraph), a declaration or instruction. */
const HTML_LONE_TAG = /^ {0,3}(?:<[A-Za-z][\w-]*(?:\s[^<>]*)?\/?>|<\/[A-Za-z][\w-]*\s*>|<[?!][^>]*>?)[ \t]*$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:/;
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$|^[ \t]*\|[ \t]*:?-+:?[ \t]*\|[ \t]*$/;
const INDENTED = /^(?: {4}|\t)/;
const FRONT_MATTER_PROSE = /^((?:title|description|summary|subtitle|excerpt|caption|alt|tagline|lead)[ \t]*:[ \t]*)(.*?)[ \t]*$/;

/** Inside a text: code spans, inline HTML, footnote references, link brackets and targets, URLs, e-mail addresses, entities, `{#id}`. */
export const MARKDOWN_PROTECT = protectPattern(
  /`+[^`]*?`+|<[A-Za-z/!][^>]*>|\[\^[^\]]+\]|\[![A-Za-z]+\]|\[[^\]]+\]\[\]|!?\[|\]\([^)\s]*(?:[ \t]+"[^"]*")?\)|\]\[[^\]]*\]|\]|(?:https?:\/\/|mailto:)[^\s)<>\]]+|&[A-Za-z0-9#]+;|\{#[^}]*\}/
    .source,
  EMAIL,
);

function hardBreak(text: string): boolean {
  return / {2,}$/.test(text) || /\\$/.test(text);
}

/** Offsets of `text` inside the line once leading and trailing blanks (and a hard break's `\`) are set aside. */
function trimmed(line: Line, from: number): { start: number; end: number } {
  const text = line.text;
  let start = from;
  while (start < text.length && /[ \t]/.test(text[start] ?? '')) start++;
  let end = text.length;
  while (end > start && /[ \t]/.test(text[end - 1] ?? '')) end--;
  if (end > start && text[end - 1] === '\\') end--;
  return { start: line.start + start, end: line.start + end };
}

/** YAML scalar as written back: in its original quotes, escaped, or quoted when plain would not parse. */
function frontMatterWriter(quote: string): (translation: string) => string {
  if (quote === '"') return (translation) => translation.replace(/[\\"]/g, (c) => `\\${c}`);
  if (quote === "'") return (translation) => translation.replace(/'/g, "''");
  return (translation) =>
    /^[\s\-?:,[\]{}#&*!|>'"%@`]|: | #|[:\s]$/.test(translation) || translation === '' ? JSON.stringify(translation) : translation;
}

/** The units, the first `frontMatter` of them values in the front matter. */
function parseMarkdownParts(source: string): { units: RangedUnit[]; frontMatter: number } {
  const lines = splitLines(source);
  const units: RangedUnit[] = [];
  const keys = new KeyCounter();
  const add = (start: number, end: number, text = source.slice(start, end), write?: (t: string) => string): void => {
    if (end <= start || !/\p{L}/u.test(text)) return;
    units.push({ key: keys.next(`p${units.length}`), text, start, end, ...(write ? { write } : {}) });
  };
  let index = 0;

  // Front matter: `---` on the first line, up to `---` or `...`.
  if (lines[0]?.text.trim() === '---') {
    index = 1;
    while (index < lines.length && !/^(?:---|\.\.\.)\s*$/.test(lines[index]?.text ?? '')) {
      const line = lines[index++] as Line;
      const match = FRONT_MATTER_PROSE.exec(line.text);
      if (!match) continue;
      const value = match[2] ?? '';
      const quote = /^(["'])(.*)\1$/.exec(value);
      const start = line.start + (match[1] ?? '').length + (quote ? 1 : 0);
      const inner = quote ? (quote[2] ?? '') : value;
      const text = quote?.[1] === "'" ? inner.replace(/''/g, "'") : quote ? inner.replace(/\\(["\\])/g, '$1') : inner;
      add(start, start + inner.length, text, frontMatterWriter(quote?.[1] ?? ''));
    }
    index++;
  }

  const frontMatter = units.length;

  /** The lines of the text being read, each from where its text starts (after a list item's or definition's marker). */
  let paragraph: { readonly line: Line; readonly from: number }[] = [];
  const endParagraph = (): void => {
    const first = paragraph[0];
    const last = paragraph.at(-1);
    if (first && last) {
      const start = trimmed(first.line, first.from).start;
      const end = trimmed(last.line, last.from).end;
      const text = paragraph.map(({ line, from }) => source.slice(trimmed(line, from).start, trimmed(line, from).end)).join(' ');
      add(start, end, text);
    }
    paragraph = [];
  };
  /** A list item's, definition's or footnote's text: its lines that follow (indented or lazy) are the same text. */
  const startItem = (line: Line, from: number): void => {
    endParagraph();
    if (HEADING.test(line.text.slice(from))) {
      addInline(line, from);
      return;
    }
    paragraph = [{ line, from }];
    if (hardBreak(line.text)) endParagraph();
  };
  /** A line's text after its quote and list markers (and a heading's marks). */
  const addInline = (line: Line, from: number): void => {
    const rest = line.text.slice(from);
    const heading = HEADING.exec(rest);
    if (heading) {
      const range = trimmed(line, from + heading[0].length);
      const close = HEADING_CLOSE.exec(source.slice(range.start, range.end));
      add(range.start, close ? range.end - close[0].length : range.end);
      return;
    }
    const range = trimmed(line, from);
    add(range.start, range.end);
  };

  let previousBlank = true;
  let inList = false;
  while (index < lines.length) {
    const line = lines[index] as Line;
    const text = line.text;
    if (text.trim() === '') {
      endParagraph();
      previousBlank = true;
      index++;
      continue;
    }
    const fence = FENCE.exec(text);
    if (fence || MATH.test(text)) {
      endParagraph();
      const closing = fence ? new RegExp(`^ {0,3}${fence[1]?.[0] === '`' ? '`' : '~'}{${fence[1]?.length ?? 3},}[ \\t]*$`) : MATH;
      for (index++; index < lines.length && !closing.test(lines[index]?.text ?? ''); index++);
      index++;
      previousBlank = false;
      continue;
    }
    if (previousBlank && !inList && INDENTED.test(text) && paragraph.length === 0) {
      // Indented code, up to the next line that is neither blank nor indented.
      while (index < lines.length && (INDENTED.test(lines[index]?.text ?? '') || lines[index]?.text.trim() === '')) index++;
      continue;
    }
    // A shortcode, Liquid tag, MDX statement or component, admonition fence: as typed, and a code body with it.
    const markup = siteMarkupAt(lines, index);
    if (markup) {
      endParagraph();
      if (markup.title) add(markup.title.start, markup.title.end);
      index = markup.next;
      previousBlank = false;
      continue;
    }
    const raw = HTML_RAW.exec(text);
    if (HTML_COMMENT.test(text) || raw) {
      endParagraph();
      const end = raw ? new RegExp(`</${raw[1] ?? ''}>`, 'i') : /-->/;
      for (; index < lines.length && !end.test(lines[index]?.text ?? ''); index++);
      index++;
      previousBlank = false;
      continue;
    }
    if (HTML_BLOCK_TAG.test(text) || (paragraph.length === 0 && HTML_LONE_TAG.test(text))) {
      endParagraph();
      for (; index < lines.length && (lines[index]?.text ?? '').trim() !== ''; index++);
      continue;
    }
    if (paragraph.length > 0 && SETEXT.test(text)) {
      // The paragraph above was a heading; its underline stays.
      endParagraph();
      index++;
      continue;
    }
    const footnote = FOOTNOTE.exec(text);
    if (footnote) {
      // `[^1]: text`: the mark stays, its text is translated.
      startItem(line, footnote[0].length);
      previousBlank = false;
      index++;
      continue;
    }
    if (RULE.test(text) || LINK_DEFINITION.test(text)) {
      endParagraph();
      index++;
      previousBlank = false;
      continue;
    }
    if (text.includes('|') && TABLE_RULE.test(lines[index + 1]?.text ?? '')) {
      endParagraph();
      for (; index < lines.length && (lines[index]?.text ?? '').includes('|'); index++) {
        const row = lines[index] as Line;
        if (TABLE_RULE.test(row.text)) continue;
        const cell = /(?:\\\||`[^`]*`|[^|])+/g;
        for (let match = cell.exec(row.text); match; match = cell.exec(row.text)) {
          const from = match.index;
          const range = trimmed({ ...row, text: row.text.slice(0, from + match[0].length) }, from);
          add(range.start, range.end);
        }
      }
      previousBlank = false;
      continue;
    }
    const definition = DEFINITION.exec(text);
    if (definition) {
      // `: definition` under its term: the term above is a text of its own, never joined to it.
      startItem(line, definition[0].length);
      inList = true;
      previousBlank = false;
      index++;
      continue;
    }
    const quote = QUOTE.exec(text);
    const list = LIST.exec(quote ? text.slice(quote[0].length) : text);
    if (list && !quote) {
      startItem(line, list[0].length);
      inList = true;
      previousBlank = false;
      index++;
      continue;
    }
    if (quote || list || HEADING.test(text)) {
      // A quote's lines one by one: an alert's `[!NOTE]` line must stay a line of its own.
      endParagraph();
      addInline(line, (quote?.[0].length ?? 0) + (list?.[0].length ?? 0));
      inList = list !== null || (inList && quote === null && /^[ \t]/.test(text));
      previousBlank = false;
      index++;
      continue;
    }
    if (!/^[ \t]/.test(text)) inList = false;
    paragraph.push({ line, from: 0 });
    if (hardBreak(text)) endParagraph();
    previousBlank = false;
    index++;
  }
  endParagraph();
  return { units, frontMatter };
}

/** Every text of the document, the front matter's prose values first (what a selection translates). */
export function markdownTexts(source: string): RangedUnit[] {
  return parseMarkdownParts(source).units;
}

/** The texts of the document's body, without the front matter's (what a hover translates). */
export function markdownBodyTexts(source: string): RangedUnit[] {
  const { units, frontMatter } = parseMarkdownParts(source);
  return units.slice(frontMatter);
}

/** Front matter's `lang:` (Hugo, Jekyll), `language:` or `locale:`. */
function frontMatterLanguage(source: string): string | undefined {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(source)?.[1] ?? '';
  return /^(?:lang|language|locale)[ \t]*:[ \t]*["']?([\w-]+)/m.exec(frontMatter)?.[1];
}

/** The labels the document's reference definitions name (`[aliases]: /content-management/urls/`). */
function definedLabels(source: string): string[] {
  return [...new Set([...source.matchAll(/^ {0,3}\[([^\]^\n][^\]\n]*)\]:/gm)].map((match) => match[1] ?? '').filter(Boolean))];
}

/**
 * What stays as typed in this document: MARKDOWN_PROTECT, and every shortcut reference link to a
 * label it defines (`[aliases]`, `[JSON]`: its text is its label, matched without regard to case,
 * so a translated one no longer links, and the page lost a link).
 */
export function markdownProtectIn(source: string): RegExp {
  const labels = definedLabels(source);
  if (labels.length === 0) return MARKDOWN_PROTECT;
  const shortcut = String.raw`\[(?:${labels.map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\](?![(\[:])`;
  return new RegExp(`${shortcut}|${MARKDOWN_PROTECT.source}`, 'iy');
}

export const markdownFormat = rangedFormat('Markdown', (source) => parseMarkdownParts(source).units, {
  protect: MARKDOWN_PROTECT,
  protectIn: markdownProtectIn,
  statedLanguage: frontMatterLanguage,
});
