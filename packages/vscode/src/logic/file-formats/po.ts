// Gettext PO (and POT templates): each entry's msgstr is filled with the translation of its
// msgid; comments, references, flags, msgctxt and obsolete (`#~`) entries are copied as they are.
// The header gets the target's `Language` and `Plural-Forms`. A plural entry sends msgid and
// msgid_plural: msgstr[0] gets the first's translation, every other form the second's.
//
// Fuzzy: entries the extension fills are NOT flagged fuzzy, since msgfmt leaves fuzzy entries out
// of the compiled catalog and the file would work as untranslated; a `fuzzy` flag of the source
// is copied as it is. The one exception: when the target language has more plural forms than
// msgid/msgid_plural give (Russian's three), the extra forms are copies of the plural's
// translation, which is likely wrong, so that entry is flagged fuzzy for a translator to check.
// On a second run an entry whose msgid did not change is copied from the translated file as it
// stands there (a translator's msgstr, flags and comments included).
import { FileFormatError, type FileFormat, type FileUnit } from './format';
import { GENERIC, protectPattern } from './protect';

/** Plural-Forms of the target languages; any other keeps the source's header or two forms. */
const PLURAL_FORMS: Record<string, string> = {
  ru: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  en: 'nplurals=2; plural=(n != 1);',
  tr: 'nplurals=2; plural=(n != 1);',
  kbd: 'nplurals=2; plural=(n != 1);',
  ady: 'nplurals=2; plural=(n != 1);',
};

interface PoEntry {
  /** The entry's lines up to its first msgstr line (comments, msgctxt, msgid, msgid_plural). */
  readonly head: string[];
  /** The whole entry as written. */
  readonly raw: string[];
  readonly context: string | undefined;
  readonly id: string | undefined;
  readonly plural: string | undefined;
  /** msgstr, or msgstr[n] by n. */
  readonly strings: string[];
  readonly obsolete: boolean;
}

function unescapePo(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' })[c] ?? c);
}

function escapePo(text: string): string {
  return text.replace(/[\\"\n\t\r]/g, (c) => ({ '\n': '\\n', '\t': '\\t', '\r': '\\r', '"': '\\"', '\\': '\\\\' })[c] ?? c);
}

/** `keyword "text"`, split after each `\n` in gettext's style when the text has several lines. */
function poString(keyword: string, text: string): string[] {
  const pieces = text.split(/(?<=\n)/).filter((piece) => piece !== '');
  if (pieces.length <= 1) return [`${keyword} "${escapePo(text)}"`];
  return [`${keyword} ""`, ...pieces.map((piece) => `"${escapePo(piece)}"`)];
}

function parseEntries(source: string): { entries: PoEntry[]; eol: string } {
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const blocks = source.split(/\r?\n(?:[ \t]*\r?\n)+/).filter((block) => block.trim() !== '');
  const entries = blocks.map((block): PoEntry => {
    const raw = block.replace(/\s+$/, '').split(/\r?\n/);
    let context: string | undefined;
    let id: string | undefined;
    let plural: string | undefined;
    const strings: string[] = [];
    let current: ((piece: string) => void) | undefined;
    let firstString = -1;
    raw.forEach((line, index) => {
      const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$/.exec(line);
      const continued = /^\s*"(.*)"\s*$/.exec(line);
      if (keyword) {
        const value = unescapePo(keyword[3] ?? '');
        const name = keyword[1] ?? '';
        if (name.startsWith('msgstr') && firstString === -1) firstString = index;
        const slot = Number(keyword[2] ?? 0);
        if (name === 'msgctxt') {
          context = value;
          current = (piece) => (context += piece);
        } else if (name === 'msgid') {
          id = value;
          current = (piece) => (id += piece);
        } else if (name === 'msgid_plural') {
          plural = value;
          current = (piece) => (plural += piece);
        } else {
          strings[slot] = value;
          current = (piece) => (strings[slot] += piece);
        }
      } else if (continued && current) {
        current(unescapePo(continued[1] ?? ''));
      } else if (!line.startsWith('#')) {
        throw new FileFormatError(`line "${line.slice(0, 40)}" is not PO`);
      } else {
        current = undefined;
      }
    });
    const obsolete = id === undefined && raw.some((line) => line.startsWith('#~'));
    if (id === undefined && !obsolete && raw.some((line) => !line.startsWith('#'))) throw new FileFormatError('an entry has no msgid');
    return { head: firstString === -1 ? raw : raw.slice(0, firstString), raw, context, id, plural, strings, obsolete };
  });
  return { entries, eol };
}

function entryKey(entry: PoEntry): string {
  return entry.context === undefined ? (entry.id ?? '') : `${entry.context}\u0004${entry.id ?? ''}`;
}

function entryUnits(entry: PoEntry): FileUnit[] {
  if (entry.id === undefined || entry.id === '' || entry.obsolete) return [];
  const key = entryKey(entry);
  // msgctxt is part of the entry's identity: "Read" as a verb and as a past participle are two texts.
  const context = entry.context ? { context: entry.context } : {};
  if (entry.plural === undefined) return [{ key, text: entry.id, ...context }];
  return [
    { key: `${key}[0]`, text: entry.id, ...context },
    { key: `${key}[1]`, text: entry.plural, ...context },
  ];
}

/** The header's msgstr with the target's Language and Plural-Forms. */
function header(entry: PoEntry, target: string): string {
  let text = entry.strings[0] ?? '';
  const set = (name: string, value: string): void => {
    const line = new RegExp(`^${name}:.*$`, 'm');
    text = line.test(text)
      ? text.replace(line, `${name}: ${value}`)
      : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${name}: ${value}\n`;
  };
  set('Language', target);
  const forms = PLURAL_FORMS[target];
  if (forms) set('Plural-Forms', forms);
  return text;
}

function pluralCount(headerText: string): number {
  return Number(/nplurals\s*=\s*(\d+)/.exec(headerText)?.[1] ?? 2) || 2;
}

function withFuzzy(head: readonly string[]): string[] {
  const flags = head.findIndex((line) => line.startsWith('#,'));
  if (flags !== -1) {
    const line = head[flags] ?? '';
    return line.includes('fuzzy') ? [...head] : head.map((l, i) => (i === flags ? `${line}, fuzzy` : l));
  }
  const firstKeyword = head.findIndex((line) => !line.startsWith('#'));
  const at = firstKeyword === -1 ? head.length : firstKeyword;
  return [...head.slice(0, at), '#, fuzzy', ...head.slice(at)];
}

export const poFormat: FileFormat = {
  label: 'PO',
  protect: protectPattern(...GENERIC),
  units: (source) => parseEntries(source).entries.flatMap(entryUnits),
  statedLanguage(source) {
    const headerEntry = parseEntries(source).entries.find((entry) => entry.id === '' && entry.context === undefined);
    return /^Language:[ \t]*(\S+)/m.exec(headerEntry?.strings[0] ?? '')?.[1];
  },
  translations(target) {
    const found = new Map<string, string>();
    for (const entry of parseEntries(target).entries) {
      entryUnits(entry).forEach((unit, index) => {
        const translation = entry.strings[index] ?? '';
        if (translation !== '') found.set(unit.key, translation);
      });
    }
    return found;
  },
  rebuild(source, translate, context) {
    const { entries, eol } = parseEntries(source);
    const previous = new Map<string, PoEntry>();
    if (context.previous !== undefined) {
      try {
        for (const entry of parseEntries(context.previous).entries) if (entry.id) previous.set(entryKey(entry), entry);
      } catch {
        // An unreadable translated file is replaced.
      }
    }
    const headerEntry = entries.find((entry) => entry.id === '' && entry.context === undefined);
    const headerText = headerEntry ? header(headerEntry, context.target) : (PLURAL_FORMS[context.target] ?? '');
    const forms = pluralCount(headerText);
    const out = entries.map((entry): string[] => {
      if (entry.obsolete || entry.id === undefined) return entry.raw;
      if (entry === headerEntry) return [...entry.head, ...poString('msgstr', headerText)];
      const units = entryUnits(entry);
      const translated = units.map((unit) => translate(unit.key, unit.text));
      const kept = previous.get(entryKey(entry));
      if (kept && units.every((_, index) => (kept.strings[index] ?? '') === translated[index])) return kept.raw;
      if (entry.plural === undefined) return [...entry.head, ...poString('msgstr', translated[0] ?? '')];
      const strings = Array.from({ length: forms }, (_, n) => poString(`msgstr[${n}]`, (n === 0 ? translated[0] : translated[1]) ?? ''));
      return [...(forms > 2 ? withFuzzy(entry.head) : entry.head), ...strings.flat()];
    });
    return `${out.map((lines) => lines.join(eol)).join(eol + eol)}${eol}`;
  },
  targetName: (name) => name.replace(/\.pot$/i, '.po'),
};
