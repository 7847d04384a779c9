/**
 * The glossary's CSV, the contract every host reads and writes: UTF-8, RFC 4180 (fields with a
 * comma, a quote or a line break in double quotes, a quote doubled), a header row whose first two
 * columns are the source and target language codes, then `type` and an optional `note`
 * (`ru,kbd,type,note`), one entry a row:
 * - `keep`: the term in the source column; the target cell empty or the term again;
 * - `translate`: the term and its agreed target term;
 * - `forbidden`: the rejected word in the target column (the source cell may say what it stood for);
 * - `say`: a word and its respelling in the target column, for speech in the source column's language.
 * The matching flags and part of speech are not columns of the contract: a CSV's entries match
 * whole words, in any letter case (TBX carries the flags).
 *
 * A file that breaks the contract is refused whole, with the row and the reason.
 */
import { isTranslationLanguage, type TranslationLanguage } from '../service-facts.js';
import type { LanguagePair } from '../memory/types.js';
import { GlossaryError, checkedEntry } from './glossary.js';
import type { GlossaryEntry, GlossaryEntryType } from './types.js';

/** The records of an RFC 4180 text, each with the line it starts on (1-based). CR LF or LF ends a record. */
function records(text: string): { fields: string[]; line: number }[] {
  const out: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new GlossaryError(`line ${line}: text after a closing quote (a quote inside a field is written twice: "")`);
        continue;
      }
      if (char === '\n') line++;
      field += char;
      i++;
      continue;
    }
    if (char === '"') {
      if (field !== '')
        throw new GlossaryError(`line ${line}: a quote inside an unquoted field (quote the whole field and double the quote)`);
      quoted = true;
      i++;
    } else if (char === ',') {
      endField();
      i++;
    } else if (char === '\r' || char === '\n') {
      endField();
      out.push({ fields, line: recordLine });
      fields = [];
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += char;
      i++;
    }
  }
  if (quoted) throw new GlossaryError(`line ${recordLine}: a quoted field is not closed`);
  if (field !== '' || fields.length > 0) {
    endField();
    out.push({ fields, line: recordLine });
  }
  return out;
}

const TYPES: ReadonlySet<string> = new Set<GlossaryEntryType>(['keep', 'translate', 'forbidden', 'say']);

/** Bytes as UTF-8, refused when they are not. */
export function utf8Text(input: string | Uint8Array): string {
  if (typeof input === 'string') return input;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
  } catch {
    throw new GlossaryError('the file is not UTF-8 text');
  }
}

/**
 * A glossary CSV's pair and entries, from its bytes (or text already decoded); throws
 * GlossaryError naming the line at fault. A byte order mark is allowed.
 */
export function readGlossaryCsv(input: string | Uint8Array): { pair: LanguagePair; entries: GlossaryEntry[] } {
  const text = utf8Text(input);
  const rows = records(text.startsWith('\uFEFF') ? text.slice(1) : text).filter((row) => row.fields.some((field) => field.trim() !== ''));
  const header = rows.shift();
  if (header === undefined) throw new GlossaryError('the file is empty: it needs a header row such as ru,kbd,type,note');
  const [source, target, type, note, ...extra] = header.fields.map((field) => field.trim());
  const expected = 'a header row such as ru,kbd,type,note (source language, target language, type, optional note)';
  if (!isTranslationLanguage(source) || !isTranslationLanguage(target))
    throw new GlossaryError(
      `line ${header.line}: the first two columns are not language codes ("${source ?? ''}", "${target ?? ''}"): ${expected}`,
    );
  if (source === target) throw new GlossaryError(`line ${header.line}: source and target are both ${source}`);
  if (type !== 'type' || (note !== undefined && note !== 'note') || extra.length > 0)
    throw new GlossaryError(`line ${header.line}: the header is "${header.fields.join(',')}": ${expected}`);
  const columns = header.fields.length;
  const entries = rows.map(({ fields, line }) => {
    if (fields.length !== columns) throw new GlossaryError(`line ${line}: ${fields.length} fields, the header has ${columns}`);
    const [sourceTerm = '', targetTerm = '', entryType = '', entryNote = ''] = fields;
    const kind = entryType.trim();
    if (!TYPES.has(kind)) throw new GlossaryError(`line ${line}: type "${kind}" is not keep, translate, forbidden or say`);
    return checkedEntry(
      {
        sourceLang: source as TranslationLanguage,
        targetLang: target as TranslationLanguage,
        type: kind as GlossaryEntryType,
        source: sourceTerm,
        target: targetTerm,
        ...(entryNote.trim() !== '' ? { note: entryNote } : {}),
      },
      `line ${line}`,
    );
  });
  return { pair: { source, target }, entries };
}

function csvField(value: string): string {
  return /[",\r\n]/u.test(value) || value !== value.trim() ? `"${value.replace(/"/gu, '""')}"` : value;
}

/** The pair's entries (see Glossary.entriesFor) as the contract's CSV: header `SOURCE,TARGET,type,note`, CR LF line ends. */
export function writeGlossaryCsv(pair: LanguagePair, entries: readonly GlossaryEntry[]): string {
  const rows = [[pair.source, pair.target, 'type', 'note']];
  for (const entry of entries) rows.push([entry.source, entry.target, entry.type, entry.note ?? '']);
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
