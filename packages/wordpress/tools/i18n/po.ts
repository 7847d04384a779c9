// Gettext catalogues as the plugin needs them: entries read from and written to .pot/.po text,
// and compiled to .mo (PHP) and to the Jed JSON `wp i18n make-json` writes (the editor scripts).
// Enough of the PO format for files this tool writes and translators' editors (Poedit) save:
// comments, msgctxt, plurals, multi-line strings and C escapes.

export interface PoEntry {
  readonly context?: string;
  readonly id: string;
  readonly plural?: string;
  /** One string, or one per plural form; empty strings while untranslated. */
  readonly translations: readonly string[];
  /** `#.` lines: notes for translators (the sources' "translators:" comments). */
  readonly comments: readonly string[];
  /** `#:` lines: the files the string comes from. */
  readonly references: readonly string[];
}

export interface Catalogue {
  /** The header entry's fields (msgid ""), in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly entries: readonly PoEntry[];
}

/** How entries are told apart: context and msgid, as gettext keys them. */
export function entryKey(entry: Pick<PoEntry, 'context' | 'id'>): string {
  return entry.context === undefined ? entry.id : `${entry.context}\u0004${entry.id}`;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

function unquote(line: string): string {
  const body = line.trim().replace(/^"/, '').replace(/"$/, '');
  return body.replace(/\\(.)/g, (_, char: string) => ESCAPES[char] ?? char);
}

function quote(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
  if (!escaped.includes('\n')) return `"${escaped.replace(/\n/g, '\\n')}"`;
  // Multi-line: an empty first line, then one line per line of text, as gettext writes them.
  const lines = escaped.split('\n').map((line, index, all) => (index < all.length - 1 ? `${line}\\n` : line));
  return ['""', ...lines.filter((line) => line !== '').map((line) => `"${line}"`)].join('\n');
}

export function parsePo(text: string): Catalogue {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  const entries: PoEntry[] = [];
  let headers: Array<[string, string]> = [];
  for (const block of blocks) {
    const fields = new Map<string, string>();
    const comments: string[] = [];
    const references: string[] = [];
    let current: string | undefined;
    let obsolete = false;
    for (const line of block.split('\n')) {
      if (line.startsWith('#~')) obsolete = true;
      if (line.startsWith('#.')) comments.push(line.slice(2).trim());
      else if (line.startsWith('#:')) references.push(...line.slice(2).trim().split(/\s+/).filter(Boolean));
      else if (line.startsWith('#') || line.trim() === '') continue;
      else if (line.startsWith('"') && current !== undefined) fields.set(current, (fields.get(current) ?? '') + unquote(line));
      else {
        const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line.trim());
        if (!match) throw new Error(`not a PO line: ${line}`);
        current = match[1] as string;
        fields.set(current, unquote(match[2] as string));
      }
    }
    if (obsolete || !fields.has('msgid')) continue;
    const id = fields.get('msgid') as string;
    const plural = fields.get('msgid_plural');
    const translations =
      plural === undefined
        ? [fields.get('msgstr') ?? '']
        : [...fields.keys()].filter((key) => key.startsWith('msgstr[')).map((key) => fields.get(key) as string);
    if (id === '' && !fields.has('msgctxt')) {
      headers = (translations[0] ?? '')
        .split('\n')
        .filter((line) => line.includes(':'))
        .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]);
      continue;
    }
    const context = fields.get('msgctxt');
    entries.push({
      ...(context === undefined ? {} : { context }),
      id,
      ...(plural === undefined ? {} : { plural }),
      translations,
      comments,
      references,
    });
  }
  return { headers, entries };
}

export function writePo(catalogue: Catalogue, { template = false }: { template?: boolean } = {}): string {
  const header = catalogue.headers.map(([name, value]) => `${name}: ${value}\n`).join('');
  const blocks = [`msgid ""\nmsgstr ${quote(header)}`];
  for (const entry of catalogue.entries) {
    const lines: string[] = [];
    for (const comment of entry.comments) lines.push(`#. ${comment}`);
    if (entry.references.length > 0) lines.push(`#: ${entry.references.join(' ')}`);
    if (entry.context !== undefined) lines.push(`msgctxt ${quote(entry.context)}`);
    lines.push(`msgid ${quote(entry.id)}`);
    if (entry.plural !== undefined) {
      lines.push(`msgid_plural ${quote(entry.plural)}`);
      const forms = template ? ['', ''] : entry.translations;
      forms.forEach((form, index) => lines.push(`msgstr[${index}] ${quote(form)}`));
    } else {
      lines.push(`msgstr ${quote(template ? '' : (entry.translations[0] ?? ''))}`);
    }
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/** Whether every form of the entry is translated. */
export function isTranslated(entry: PoEntry): boolean {
  return entry.translations.length > 0 && entry.translations.every((form) => form !== '');
}

/** A GNU .mo file (little-endian, no hash table) of the translated entries and the header. */
export function compileMo(catalogue: Catalogue): Buffer {
  const pairs: Array<[string, string]> = [['', catalogue.headers.map(([name, value]) => `${name}: ${value}\n`).join('')]];
  for (const entry of catalogue.entries.filter(isTranslated)) {
    const original = entry.plural === undefined ? entry.id : `${entry.id}\0${entry.plural}`;
    pairs.push([entry.context === undefined ? original : `${entry.context}\u0004${original}`, entry.translations.join('\0')]);
  }
  pairs.sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const count = pairs.length;
  const headerSize = 28;
  const originalsAt = headerSize;
  const translationsAt = originalsAt + count * 8;
  const hashAt = translationsAt + count * 8;
  let dataAt = hashAt;
  const tables = Buffer.alloc(dataAt);
  const data: Buffer[] = [];
  const place = (text: string, tableAt: number, index: number): void => {
    const bytes = Buffer.from(text, 'utf8');
    tables.writeUInt32LE(bytes.length, tableAt + index * 8);
    tables.writeUInt32LE(dataAt, tableAt + index * 8 + 4);
    data.push(bytes, Buffer.from([0]));
    dataAt += bytes.length + 1;
  };
  pairs.forEach(([original], index) => place(original, originalsAt, index));
  pairs.forEach(([, translation], index) => place(translation, translationsAt, index));
  tables.writeUInt32LE(0x950412de, 0);
  tables.writeUInt32LE(0, 4);
  tables.writeUInt32LE(count, 8);
  tables.writeUInt32LE(originalsAt, 12);
  tables.writeUInt32LE(translationsAt, 16);
  tables.writeUInt32LE(0, 20);
  tables.writeUInt32LE(hashAt, 24);
  return Buffer.concat([tables, ...data]);
}

/**
 * The Jed 1.x JSON WordPress loads for a script (`wp_set_script_translations`), as
 * `wp i18n make-json` writes it, with the entries given.
 */
export function jedJson(catalogue: Catalogue, entries: readonly PoEntry[], source: string): string {
  const header = Object.fromEntries(catalogue.headers);
  const messages: Record<string, unknown> = {
    '': { domain: 'messages', lang: header['Language'] ?? '', 'plural-forms': header['Plural-Forms'] ?? 'nplurals=2; plural=(n != 1);' },
  };
  for (const entry of entries.filter(isTranslated)) messages[entryKey(entry)] = [...entry.translations];
  return `${JSON.stringify({
    'translation-revision-date': header['PO-Revision-Date'] ?? '',
    generator: 'circassian tools/i18n',
    source,
    domain: 'messages',
    locale_data: { messages },
  })}\n`;
}
