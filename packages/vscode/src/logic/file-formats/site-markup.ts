// The markup static-site generators add to Markdown, on lines of their own: Hugo's shortcodes
// (`{{< name >}}`, `{{% name %}}`), Liquid tags (Jekyll, Eleventy: `{% name %}`), MDX's import and
// export statements and components (Docusaurus, Astro: `<Tabs>`), admonition fences (`:::tip`) and
// kramdown's attribute lists (`{: .note }`). A tag is markup and stays as typed. What a paired tag
// holds is code (a `code-toggle`'s TOML, a `highlight`'s Go, a `raw` block, a `<CodeBlock>`) and
// stays as typed too, unless the tag is known to hold prose (a note, a callout, an `if`, a tab),
// whose body is Markdown to translate.
import type { Line } from './format';

/** Hugo shortcodes whose body is Markdown prose; any other paired shortcode holds code or data. */
const PROSE_SHORTCODES = new Set([
  'note',
  'tip',
  'warning',
  'caution',
  'important',
  'info',
  'notice',
  'callout',
  'hint',
  'alert',
  'admonition',
  'details',
  'expand',
  'collapse',
  'spoiler',
  'aside',
  'sidenote',
  'blockquote',
  'quote',
  'tab',
  'tabs',
  'columns',
  'column',
  'steps',
  'box',
  'panel',
  'accordion',
]);

/** Liquid block tags whose body is page content; any other (raw, highlight, comment, a plugin's) holds code. */
const PROSE_LIQUID = new Set(['if', 'unless', 'for', 'case', 'capture', 'tablerow', 'tab', 'tabs', 'details', 'note', 'callout']);

/** MDX components whose children are Markdown prose; any other capitalised component holds code or data. */
const PROSE_COMPONENTS = new Set([
  'Tabs',
  'TabItem',
  'Tab',
  'Admonition',
  'Details',
  'Callout',
  'Note',
  'Tip',
  'Info',
  'Warning',
  'Caution',
  'Danger',
  'Aside',
  'Steps',
  'Step',
  'Card',
  'CardGrid',
  'Columns',
  'Column',
]);

const HUGO = /^ {0,3}\{\{([<%])\s*(\/?)\s*([\w.-]+)/;
const LIQUID = /^ {0,3}\{%-?\s*(\/?)\s*([\w.-]+)/;
const COMPONENT = /^ {0,3}<(\/?)([A-Z][\w.]*)/;
/** An MDX import or export statement: an ESM block, which ends at a blank line. */
const MDX_STATEMENT = /^(?:import\s+(?:[\w*{]|['"])|export\s+(?:const|let|var|function|class|default|async|\{|\*))/;
/** An admonition fence of Docusaurus, VuePress and others (`:::tip`, `:::info Title`, `:::`); its title is prose. */
const ADMONITION = /^( {0,3}:{3,}[ \t]*[\w-]*[ \t]*)(.*?)[ \t]*$/;
/** kramdown's block attribute list, `{: .note }`, and its definitions, `{:toc}`. */
const ATTRIBUTE_LIST = /^ {0,3}\{:[^}]*\}[ \t]*$/;

export interface SiteMarkup {
  /** The index of the first line after the markup: after a code body's closing tag, else after the tag. */
  readonly next: number;
  /** A prose title on the tag's line (`:::info Current version`), as offsets into the source. */
  readonly title?: { readonly start: number; readonly end: number };
}

/** The line index at which a tag that opens at `start` ends (its `close` sequence), or -1. */
function tagEnd(lines: readonly Line[], start: number, close: string): number {
  for (let index = start; index < lines.length; index++) if ((lines[index]?.text ?? '').includes(close)) return index;
  return -1;
}

/** The index of the first line at or after `from` matching `closing`, or -1. */
function closingLine(lines: readonly Line[], from: number, closing: RegExp): number {
  for (let index = from; index < lines.length; index++) if (closing.test(lines[index]?.text ?? '')) return index;
  return -1;
}

const escape = (name: string): string => name.replace(/[.-]/g, '\\$&');

/** A tag of `open`…`close` starting at line `index`: the tag, and the body up to its closing line when it holds code. */
function pairedTag(
  lines: readonly Line[],
  index: number,
  close: string,
  closing: RegExp | undefined,
  prose: boolean,
): SiteMarkup | undefined {
  const end = tagEnd(lines, index, close);
  if (end === -1) return undefined;
  const last = lines[end]?.text ?? '';
  // A line that goes on with prose after its tag is a paragraph (the tag is masked there).
  if (end === index && last.slice(last.indexOf(close) + close.length).trim() !== '') return undefined;
  if (!closing || prose) return { next: end + 1 };
  const body = closingLine(lines, end + 1, closing);
  return { next: body === -1 ? end + 1 : body + 1 };
}

/** The site markup that starts at line `index`, or undefined for a line of Markdown. */
export function siteMarkupAt(lines: readonly Line[], index: number): SiteMarkup | undefined {
  const line = lines[index] as Line;
  const { text } = line;
  const hugo = HUGO.exec(text);
  if (hugo) {
    const [, delimiter, slash, name = ''] = hugo;
    const close = delimiter === '<' ? '>}}' : '%}}';
    const end = tagEnd(lines, index, close);
    const selfClosing = end !== -1 && /\/\s*[>%]\}\}/.test(lines[end]?.text ?? '');
    const closing = new RegExp(`^ {0,3}\\{\\{[<%]\\s*/\\s*${escape(name)}\\s*[>%]\\}\\}`);
    const paired = slash === '' && !selfClosing && closingLine(lines, index + 1, closing) !== -1;
    return pairedTag(lines, index, close, paired ? closing : undefined, PROSE_SHORTCODES.has(name.toLowerCase()));
  }
  const liquid = LIQUID.exec(text);
  if (liquid) {
    const name = liquid[2] ?? '';
    const closing = new RegExp(`^ {0,3}\\{%-?\\s*end${escape(name)}\\s*-?%\\}`);
    const paired = !name.startsWith('end') && closingLine(lines, index + 1, closing) !== -1;
    return pairedTag(lines, index, '%}', paired ? closing : undefined, PROSE_LIQUID.has(name));
  }
  if (MDX_STATEMENT.test(text)) {
    let next = index;
    while (next < lines.length && (lines[next]?.text ?? '').trim() !== '') next++;
    return { next };
  }
  const component = COMPONENT.exec(text);
  if (component) {
    const [, slash, name = ''] = component;
    const end = tagEnd(lines, index, '>');
    if (end === -1) return undefined;
    const last = lines[end]?.text ?? '';
    // A component in a sentence (`<Highlight>green</Highlight> is a colour`) is inline markup of a paragraph.
    if (end === index && last.slice(last.indexOf('>') + 1).trim() !== '') return undefined;
    const selfClosing = /\/>\s*$/.test(last);
    if (slash || selfClosing || PROSE_COMPONENTS.has(name.split('.')[0] ?? name)) return { next: end + 1 };
    const body = closingLine(lines, end + 1, new RegExp(`^ {0,3}</${escape(name)}\\s*>`));
    return { next: body === -1 ? end + 1 : body + 1 };
  }
  const admonition = ADMONITION.exec(text);
  if (admonition && /^ {0,3}:::/.test(text)) {
    const title = admonition[2] ?? '';
    const start = line.start + (admonition[1] ?? '').length;
    return { next: index + 1, ...(/\p{L}/u.test(title) ? { title: { start, end: start + title.length } } : {}) };
  }
  if (ATTRIBUTE_LIST.test(text)) return { next: index + 1 };
  return undefined;
}
