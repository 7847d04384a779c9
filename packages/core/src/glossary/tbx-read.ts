/**
 * Reads TBX: TBX-Basic in the `martif` form (ISO 30042:2008, what Weblate, the Translate Toolkit,
 * OmegaT and memoQ write, and what writeTbx writes) and the `tbx` form of ISO 30042:2019
 * (`conceptEntry`, `langSec`, `termSec`). One concept entry gives entries per language pair:
 * - its first `<langSet>` is the source (as every tool writes it), each further one a target;
 * - a target term marked deprecated, superseded or forbidden (`administrativeStatus`) is a
 *   forbidden word; any other target term is the agreed translation (`translate`, or `keep` when it
 *   is the source term itself, or when the entry says `Translation needed: no`, as Weblate marks
 *   untranslatable terms);
 * - a term with `<termNote type="pronunciation">` is a `say` respelling;
 * - a lone `<langSet>` is a forbidden word (deprecated) or a respelling; its pair's other language
 *   is the file's `xml:lang`;
 * - `partOfSpeech`, the first `<note>` (else the definition), and our `x-circassian-stem` and
 *   `x-circassian-case-sensitive` notes fill the rest.
 * Languages by their primary subtag (`ru-RU` is ru); a concept in no supported pair is skipped and
 * reported, as is a lone term with no translation. A file that is not TBX (another root, broken
 * XML, cut short, an empty `<term>`) throws GlossaryError and yields nothing.
 */
import { isTranslationLanguage, type TranslationLanguage } from '../service-facts.js';
import { XmlSyntaxError, xmlEvents } from '../internal/xml-stream.js';
import { GlossaryError, checkedEntry } from './glossary.js';
import type { GlossaryEntry, GlossaryEntryType } from './types.js';

export interface TbxSkipped {
  /** 1-based position of the concept entry in the file. */
  readonly entry: number;
  readonly reason: 'language' | 'no-translation';
  readonly detail: string;
}

export interface TbxRead {
  readonly entries: GlossaryEntry[];
  readonly skipped: TbxSkipped[];
}

interface Term {
  text: string;
  readonly notes: Map<string, string>;
  readonly remarks: string[];
}

interface LangSet {
  readonly lang: string;
  readonly terms: Term[];
}

interface Concept {
  readonly sets: LangSet[];
  readonly notes: Map<string, string>;
  readonly remarks: string[];
}

const ROOTS = new Set(['martif', 'tbx']);
const CONCEPTS = new Set(['termEntry', 'conceptEntry']);
const LANG_SETS = new Set(['langSet', 'langSec']);
const TERM_GROUPS = new Set(['tig', 'ntig', 'termSec']);
const NOTE_ELEMENTS = new Set(['termNote', 'descrip', 'admin']);
const FORBIDDEN_STATUS = /deprecated|superseded|forbidden|obsolete/iu;

const primary = (tag: string | undefined) => (tag ?? '').split(/[-_]/u)[0]?.toLowerCase() ?? '';
const yes = (value: string | undefined) => /^(yes|true|1)$/iu.test(value?.trim() ?? '');

/** Reads the whole file; throws GlossaryError when it is not TBX. */
export async function readTbx(
  input: string | Uint8Array | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
): Promise<TbxRead> {
  const chunks = typeof input === 'string' || input instanceof Uint8Array ? [input] : input;
  const entries: GlossaryEntry[] = [];
  const skipped: TbxSkipped[] = [];
  let header: string | undefined;
  let root: string | undefined;
  let rootClosed = false;
  let concept: Concept | undefined;
  let conceptIndex = 0;
  let set: LangSet | undefined;
  let term: Term | undefined;
  /** The element whose text is being read: a term, a typed note, or a plain note. */
  let reading: { kind: 'term' } | { kind: 'note'; type: string; on: Map<string, string> } | { kind: 'remark'; on: string[] } | undefined;
  let text = '';
  try {
    for await (const event of xmlEvents(chunks)) {
      if (event.kind === 'text') {
        if (reading !== undefined) text += event.text;
        else if (root === undefined && event.text.trim() !== '')
          throw new GlossaryError('the file is not TBX: text before its root element');
        continue;
      }
      if (event.kind === 'open') {
        if (root === undefined) {
          if (!ROOTS.has(event.name))
            throw new GlossaryError(`the file is not TBX: its root element is <${event.name}>, not <martif> or <tbx>`);
          root = event.name;
          header = primary(event.attributes['xml:lang']);
          continue;
        }
        if (rootClosed) throw new GlossaryError(`the file goes on after </${root}>`);
        const lang = event.attributes['xml:lang'] ?? event.attributes['lang'];
        if (CONCEPTS.has(event.name)) {
          concept = { sets: [], notes: new Map(), remarks: [] };
          conceptIndex++;
        } else if (LANG_SETS.has(event.name) && concept !== undefined) {
          set = { lang: primary(lang), terms: [] };
          concept.sets.push(set);
        } else if (TERM_GROUPS.has(event.name) && set !== undefined) {
          term = undefined;
        } else if (event.name === 'term' && set !== undefined) {
          term = { text: '', notes: new Map(), remarks: [] };
          set.terms.push(term);
          reading = { kind: 'term' };
          text = '';
        } else if (NOTE_ELEMENTS.has(event.name) && concept !== undefined) {
          reading = { kind: 'note', type: event.attributes['type'] ?? event.name, on: (term ?? concept).notes };
          text = '';
        } else if (event.name === 'note' && concept !== undefined) {
          reading = { kind: 'remark', on: (term ?? concept).remarks };
          text = '';
        }
        if (event.selfClosing) closeElement(event.name);
        continue;
      }
      closeElement(event.name);
    }
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new GlossaryError(`the file is not readable TBX: ${error.message}`);
    throw error;
  }
  if (root === undefined) throw new GlossaryError('the file is empty: no <martif> or <tbx> element');
  if (!rootClosed) throw new GlossaryError(`the file ends before </${root}>: it was cut short`);
  return { entries, skipped };

  function closeElement(name: string): void {
    if (name === root) {
      rootClosed = true;
      return;
    }
    if (reading !== undefined) {
      const value = text.trim();
      if (reading.kind === 'term' && term !== undefined) {
        if (value === '') throw new GlossaryError(`concept entry ${conceptIndex}: an empty <term>`);
        term.text = value;
      } else if (reading.kind === 'note' && !reading.on.has(reading.type)) reading.on.set(reading.type, value);
      else if (reading.kind === 'remark' && value !== '') reading.on.push(value);
      reading = undefined;
      return;
    }
    if (TERM_GROUPS.has(name)) term = undefined;
    else if (LANG_SETS.has(name)) set = undefined;
    else if (CONCEPTS.has(name) && concept !== undefined) {
      entries.push(...conceptEntries(concept, conceptIndex, header, skipped));
      concept = undefined;
    }
  }
}

/** The entries one concept gives, or a skip reported. */
function conceptEntries(concept: Concept, index: number, header: string | undefined, skipped: TbxSkipped[]): GlossaryEntry[] {
  const sets = concept.sets.filter((set) => set.terms.length > 0);
  const usable = sets.filter((set) => isTranslationLanguage(set.lang)) as (LangSet & { lang: TranslationLanguage })[];
  if (usable.length < sets.length && usable.length === 0) {
    skipped.push({ entry: index, reason: 'language', detail: `languages ${sets.map((set) => set.lang || '?').join(', ')}` });
    return [];
  }
  const remark =
    [...concept.remarks, ...usable.flatMap((set) => set.terms.flatMap((term) => term.remarks))][0] ?? concept.notes.get('definition');
  const untranslatable = [concept.notes, ...usable.flatMap((set) => set.terms.map((term) => term.notes))].some(
    (notes) => (notes.get('Translation needed') ?? notes.get('translationNote'))?.trim().toLowerCase() === 'no',
  );
  const made: GlossaryEntry[] = [];
  const entry = (
    sourceLang: TranslationLanguage,
    targetLang: TranslationLanguage,
    type: GlossaryEntryType,
    source: string,
    target: string,
    flagsFrom: Term,
    posFrom: Term,
  ) => {
    const partOfSpeech = posFrom.notes.get('partOfSpeech');
    made.push(
      checkedEntry(
        {
          sourceLang,
          targetLang,
          type,
          source,
          target,
          ...(remark !== undefined ? { note: remark } : {}),
          ...(partOfSpeech ? { partOfSpeech } : {}),
          ...(yes(flagsFrom.notes.get('x-circassian-stem')) ? { stem: true } : {}),
          ...(yes(flagsFrom.notes.get('x-circassian-case-sensitive')) ? { caseSensitive: true } : {}),
        },
        `concept entry ${index}`,
      ),
    );
  };
  const [first, ...others] = usable;
  if (first === undefined) return [];
  const otherLanguage = (lang: TranslationLanguage): TranslationLanguage =>
    isTranslationLanguage(header) && header !== lang ? header : (others[0]?.lang ?? (lang === 'ru' ? 'kbd' : 'ru'));
  for (const term of first.terms) {
    const respelling = term.notes.get('pronunciation');
    if (respelling !== undefined) entry(first.lang, otherLanguage(first.lang), 'say', term.text, respelling, term, term);
  }
  if (others.length === 0) {
    for (const term of first.terms) {
      if (FORBIDDEN_STATUS.test(term.notes.get('administrativeStatus') ?? ''))
        entry(otherLanguage(first.lang), first.lang, 'forbidden', '', term.text, term, term);
    }
    if (made.length === 0) {
      const term = `"${first.terms[0]?.text ?? ''}" (${first.lang})`;
      skipped.push(
        sets.length > 1
          ? {
              entry: index,
              reason: 'language',
              detail: `${term}: its translations are in ${sets
                .filter((set) => set !== first)
                .map((set) => set.lang || '?')
                .join(', ')}`,
            }
          : { entry: index, reason: 'no-translation', detail: `${term} has no translation` },
      );
    }
    return made;
  }
  for (const target of others) {
    for (const [i, source] of first.terms.entries()) {
      if (untranslatable) {
        entry(first.lang, target.lang, 'keep', source.text, source.text, source, source);
        continue;
      }
      for (const word of target.terms) {
        const forbidden = FORBIDDEN_STATUS.test(word.notes.get('administrativeStatus') ?? '');
        if (forbidden && i > 0) continue;
        entry(first.lang, target.lang, forbidden ? 'forbidden' : 'translate', source.text, word.text, forbidden ? word : source, source);
      }
    }
  }
  return made;
}
