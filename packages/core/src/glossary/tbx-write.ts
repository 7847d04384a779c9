/**
 * Writes a glossary as TBX-Basic (ISO 30042, the `martif` form that Weblate, the Translate Toolkit,
 * OmegaT and memoQ read), the same bytes for the same entries: export, import, export is byte for
 * byte the first export.
 *
 * One `<termEntry>` per entry, in order, numbered `c1`, `c2`...:
 * - keep and translate: the source term's `<langSet>`, then the target term's, marked
 *   `preferredTerm-admn-sts` (a keep term's target is the term itself);
 * - forbidden: the source term's `<langSet>` when the entry names one, then the word, marked
 *   `deprecatedTerm-admn-sts` (what Weblate reads as a forbidden translation);
 * - say: the word's `<langSet>` alone, the respelling as `<termNote type="pronunciation">`.
 * Part of speech is TBX-Basic's `partOfSpeech`, the note a `<note>`. The matching flags, which
 * TBX-Basic has no category for, are `<termNote type="x-circassian-stem">yes</termNote>` and
 * `x-circassian-case-sensitive`, written only when set (other tools keep or ignore them).
 * `<martif xml:lang>` is the first entry's source language.
 */
import type { GlossaryEntry } from './types.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** XML text (a CR as a reference, since a reader turns a raw CR into a line feed). */
const xml = (text: string) => text.replace(/[&<>"\r]/gu, (char) => ESCAPES[char] ?? char);

/** A `<tig>`: the term, its notes in the order TBX-Basic's tig has them (termNote, then note). */
function tig(term: string, notes: ReadonlyArray<readonly [string, string | undefined]>, note: string | undefined): string[] {
  return [
    '          <tig>',
    `            <term>${xml(term)}</term>`,
    ...notes
      .filter(([, value]) => value !== undefined)
      .map(([type, value]) => `            <termNote type="${type}">${xml(value ?? '')}</termNote>`),
    ...(note === undefined ? [] : [`            <note>${xml(note)}</note>`]),
    '          </tig>',
  ];
}

function langSet(lang: string, tigLines: string[]): string[] {
  return [`        <langSet xml:lang="${lang}">`, ...tigLines, '        </langSet>'];
}

function termEntry(entry: GlossaryEntry, index: number): string[] {
  const flags: [string, string | undefined][] = [
    ['x-circassian-stem', entry.stem === true ? 'yes' : undefined],
    ['x-circassian-case-sensitive', entry.caseSensitive === true ? 'yes' : undefined],
  ];
  const partOfSpeech: [string, string | undefined] = ['partOfSpeech', entry.partOfSpeech];
  const sets: string[] = [];
  if (entry.type === 'say') {
    sets.push(...langSet(entry.sourceLang, tig(entry.source, [partOfSpeech, ['pronunciation', entry.target], ...flags], entry.note)));
  } else if (entry.type === 'forbidden') {
    const named = entry.source !== '';
    if (named) sets.push(...langSet(entry.sourceLang, tig(entry.source, [partOfSpeech], entry.note)));
    const status: [string, string] = ['administrativeStatus', 'deprecatedTerm-admn-sts'];
    sets.push(
      ...langSet(
        entry.targetLang,
        tig(entry.target, named ? [status, ...flags] : [partOfSpeech, status, ...flags], named ? undefined : entry.note),
      ),
    );
  } else {
    sets.push(...langSet(entry.sourceLang, tig(entry.source, [partOfSpeech, ...flags], entry.note)));
    sets.push(...langSet(entry.targetLang, tig(entry.target, [['administrativeStatus', 'preferredTerm-admn-sts']], undefined)));
  }
  return [`      <termEntry id="c${index + 1}">`, ...sets, '      </termEntry>'];
}

export function writeTbx(entries: readonly GlossaryEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">',
    `<martif type="TBX-Basic" xml:lang="${entries[0]?.sourceLang ?? 'und'}">`,
    '  <martifHeader>',
    '    <fileDesc>',
    '      <sourceDesc>',
    '        <p>Circassian glossary</p>',
    '      </sourceDesc>',
    '    </fileDesc>',
    '    <encodingDesc>',
    '      <p type="XCSURI">TBXBasicXCSV02.xcs</p>',
    '    </encodingDesc>',
    '  </martifHeader>',
    '  <text>',
    '    <body>',
    ...entries.flatMap(termEntry),
    '    </body>',
    '  </text>',
    '</martif>',
  ];
  return `${lines.join('\n')}\n`;
}
