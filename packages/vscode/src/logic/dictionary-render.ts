// Renders a dictionary answer readably whatever fields it carries (the interface leaves them
// open): the senses as a numbered list when there is a list of them, any other field by name.
// Two outputs: Markdown, and plain lines that `comment-syntax.ts` turns into a comment.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields that echo the request; shown in the title instead of repeated. */
const ECHOED = new Set(['word', 'dialect', 'lang', 'found']);
/** Names a list of senses goes by in dictionary APIs. */
const SENSE_LISTS = ['entries', 'senses', 'meanings', 'definitions', 'results', 'translations'];
const HEADWORD = ['headword', 'word', 'lemma', 'term'];
const GLOSS = ['translation', 'gloss', 'definition', 'meaning', 'text'];
const KIND = ['part_of_speech', 'pos', 'partOfSpeech'];

export interface RenderedEntry {
  /** The service knows nothing about the word: there is nothing to insert (the user is told instead). */
  readonly empty: boolean;
  readonly markdown: string;
  /** The same content as plain lines (for a comment, or a plain-text file). */
  readonly lines: readonly string[];
}

function label(key: string): string {
  return key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function scalar(value: Json): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  return undefined;
}

function pick(object: Record<string, Json>, names: readonly string[]): { key: string; text: string } | undefined {
  for (const key of names) {
    const value = object[key];
    const text = value === undefined ? undefined : scalar(value);
    if (text) return { key, text };
  }
  return undefined;
}

interface Line {
  readonly depth: number;
  /** Markdown text and plain text of the line. */
  readonly md: string;
  readonly plain: string;
}

function renderFields(object: Record<string, Json>, skip: ReadonlySet<string>, depth: number, out: Line[]): void {
  for (const [key, value] of Object.entries(object)) {
    if (skip.has(key) || value === null || value === '') continue;
    const text = scalar(value);
    if (text !== undefined) {
      out.push({ depth, md: `*${label(key)}:* ${text}`, plain: `${label(key)}: ${text}` });
    } else if (Array.isArray(value)) {
      out.push({ depth, md: `*${label(key)}:*`, plain: `${label(key)}:` });
      for (const item of value) renderItem(item, depth + 1, out);
    } else if (typeof value === 'object') {
      out.push({ depth, md: `*${label(key)}:*`, plain: `${label(key)}:` });
      renderFields(value, new Set(), depth + 1, out);
    }
  }
}

function renderItem(item: Json, depth: number, out: Line[]): void {
  const text = scalar(item);
  if (text !== undefined) {
    out.push({ depth, md: text, plain: text });
    return;
  }
  if (Array.isArray(item) || item === null || typeof item !== 'object') return;
  renderSense(item, depth, out);
}

function renderSense(sense: Record<string, Json>, depth: number, out: Line[]): void {
  const head = pick(sense, HEADWORD);
  const kind = pick(sense, KIND);
  const gloss = pick(sense, GLOSS);
  const md = [head && `**${head.text}**`, kind && `_${kind.text}_`, gloss && `${head || kind ? '— ' : ''}${gloss.text}`]
    .filter(Boolean)
    .join(' ');
  const plain = [head?.text, kind && `(${kind.text})`, gloss && `${head || kind ? '— ' : ''}${gloss.text}`].filter(Boolean).join(' ');
  const used = new Set([head?.key, kind?.key, gloss?.key].filter((key): key is string => key !== undefined));
  if (md) out.push({ depth, md, plain });
  renderFields(sense, used, md ? depth + 1 : depth, out);
}

/** `entry` is the service's answer for `word` (dialect kbd or ady, glosses in lang). */
export function renderDictionaryEntry(word: string, entry: unknown, dialect: string, lang: string): RenderedEntry {
  const object = (entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as Record<string, Json>;
  const title = { md: `**${word}** (${dialect} → ${lang})`, plain: `${word} (${dialect} → ${lang})` };
  const body: Line[] = [];
  const listKey = SENSE_LISTS.find((key) => Array.isArray(object[key]));
  const senses = listKey ? (object[listKey] as Json[]) : [];
  senses.forEach((sense) => renderItem(sense, 0, body));
  renderFields(object, new Set([...ECHOED, ...(listKey ? [listKey] : [])]), 0, body);
  // Top-level senses are numbered; everything nested is a bullet under them.
  let number = 0;
  const markdownLines = body.map((line) => {
    const indent = '   '.repeat(line.depth);
    if (line.depth === 0) return `${++number}. ${line.md}`;
    return `${indent}- ${line.md}`;
  });
  number = 0;
  const plainLines = body.map((line) => (line.depth === 0 ? `${++number}. ${line.plain}` : `${'   '.repeat(line.depth)}- ${line.plain}`));
  return {
    empty: body.length === 0 || object.found === false,
    markdown: [title.md, '', ...markdownLines].join('\n'),
    lines: [title.plain, ...plainLines],
  };
}
