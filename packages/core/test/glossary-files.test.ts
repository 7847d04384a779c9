import { readFile } from 'node:fs/promises';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { GlossaryError, readGlossaryCsv, readTbx, writeGlossaryCsv, writeTbx, type GlossaryEntry } from '../src/index.js';

const fixture = (name: string) => readFile(new URL(`./fixtures/glossary/${name}`, import.meta.url));

/** Every kind of entry and flag writeTbx writes, over two pairs. */
const ENTRIES: GlossaryEntry[] = [
  { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Нальчик', target: 'Нальчик', note: 'город & столица <КБР>', stem: true },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'translate', source: 'обновление', target: 'зэхъуэкӀыныгъэ', partOfSpeech: 'noun' },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: 'обновление', target: 'апдейт', stem: true, note: 'калька' },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: '', target: 'веб-сайт', caseSensitive: true },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'say', source: 'Коков', target: 'Ко́ков', note: 'ударение\r\nна первый слог' },
  { sourceLang: 'en', targetLang: 'kbd', type: 'translate', source: 'C++ "code"', target: 'C++ код', caseSensitive: true },
];

describe('TBX-Basic', () => {
  it('reads a TBX-Basic file made by another tool: concept notes, ntig, admitted and deprecated terms, a language it cannot use', async () => {
    const { entries, skipped } = await readTbx(await fixture('tbx-basic-sample.tbx'));
    expect(entries).toEqual([
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        type: 'translate',
        source: 'Нальчик',
        target: 'Налшык',
        note: 'Столица Кабардино-Балкарии',
        partOfSpeech: 'properNoun',
      },
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        type: 'translate',
        source: 'обновление',
        target: 'зэхъуэкӀыныгъэ',
        note: 'Об обновлении программ и сайтов.',
        partOfSpeech: 'noun',
      },
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        type: 'forbidden',
        source: 'обновление',
        target: 'апдейт',
        note: 'Об обновлении программ и сайтов.',
        partOfSpeech: 'noun',
      },
      { sourceLang: 'en', targetLang: 'kbd', type: 'translate', source: 'website', target: 'сайт', partOfSpeech: 'noun' },
      { sourceLang: 'en', targetLang: 'kbd', type: 'translate', source: 'website', target: 'веб-сайт', partOfSpeech: 'noun' },
    ]);
    expect(skipped).toEqual([{ entry: 4, reason: 'language', detail: '"spreadsheet" (en): its translations are in fr' }]);
  });

  it("reads Weblate's TBX export: an untranslatable term as keep, a forbidden translation, the translator's note", async () => {
    const { entries } = await readTbx(await fixture('weblate-export.tbx'));
    expect(entries).toEqual([
      { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Circassian Pack', target: 'Circassian Pack' },
      { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'сайт', target: 'сайт', note: 'Не «веб-сайт».' },
      { sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: 'скачать', target: 'скачать' },
    ]);
  });

  it('reads the TBX-Basic of ISO 30042:2019 (tbx, conceptEntry, langSec, termSec), a pronunciation as say', async () => {
    const { entries } = await readTbx(await fixture('tbx-v3-basic.tbx'));
    expect(entries).toEqual([
      { sourceLang: 'en', targetLang: 'ady', type: 'translate', source: 'glossary', target: 'гущыӀалъ', partOfSpeech: 'noun' },
      { sourceLang: 'en', targetLang: 'ru', type: 'say', source: 'Maykop', target: 'MY-kop' },
    ]);
  });

  it('writes what it reads back entry for entry, and an export imported and exported again is the same bytes', async () => {
    const written = writeTbx(ENTRIES);
    const read = await readTbx(written);
    expect(read.skipped).toEqual([]);
    expect(read.entries.map(({ targetLang, ...entry }) => (entry.type === 'say' ? entry : { ...entry, targetLang }))).toEqual(
      ENTRIES.map(({ targetLang, ...entry }) => (entry.type === 'say' ? entry : { ...entry, targetLang })),
    );
    expect(writeTbx(read.entries)).toBe(written);
    for (const name of ['tbx-basic-sample.tbx', 'weblate-export.tbx', 'tbx-v3-basic.tbx']) {
      const once = writeTbx((await readTbx(await fixture(name))).entries);
      expect(writeTbx((await readTbx(once)).entries)).toBe(once);
    }
  });

  it('an independent XML reader (xmldom) reads our export as the Translate Toolkit reads TBX: termEntry, langSet, tig, term, status', () => {
    const document = new DOMParser().parseFromString(writeTbx(ENTRIES), 'text/xml');
    const root = document.documentElement as Element;
    expect([root.tagName, root.getAttribute('type'), root.getAttribute('xml:lang')]).toEqual(['martif', 'TBX-Basic', 'ru']);
    const children = (element: Element, name: string) => Array.from(element.getElementsByTagName(name));
    const concepts = children(root, 'termEntry').map((termEntry) =>
      children(termEntry, 'langSet').map((langSet) => ({
        lang: langSet.getAttribute('xml:lang'),
        terms: children(langSet, 'tig').map((tig) => ({
          term: children(tig, 'term')[0]?.textContent,
          notes: Object.fromEntries(children(tig, 'termNote').map((note) => [note.getAttribute('type'), note.textContent])),
          note: children(tig, 'note')[0]?.textContent,
        })),
      })),
    );
    expect(concepts).toEqual([
      [
        { lang: 'ru', terms: [{ term: 'Нальчик', notes: { 'x-circassian-stem': 'yes' }, note: 'город & столица <КБР>' }] },
        { lang: 'kbd', terms: [{ term: 'Нальчик', notes: { administrativeStatus: 'preferredTerm-admn-sts' }, note: undefined }] },
      ],
      [
        { lang: 'ru', terms: [{ term: 'обновление', notes: { partOfSpeech: 'noun' }, note: undefined }] },
        { lang: 'kbd', terms: [{ term: 'зэхъуэкӀыныгъэ', notes: { administrativeStatus: 'preferredTerm-admn-sts' }, note: undefined }] },
      ],
      [
        { lang: 'ru', terms: [{ term: 'обновление', notes: {}, note: 'калька' }] },
        {
          lang: 'kbd',
          terms: [
            { term: 'апдейт', notes: { administrativeStatus: 'deprecatedTerm-admn-sts', 'x-circassian-stem': 'yes' }, note: undefined },
          ],
        },
      ],
      [
        {
          lang: 'kbd',
          terms: [
            {
              term: 'веб-сайт',
              notes: { administrativeStatus: 'deprecatedTerm-admn-sts', 'x-circassian-case-sensitive': 'yes' },
              note: undefined,
            },
          ],
        },
      ],
      [{ lang: 'ru', terms: [{ term: 'Коков', notes: { pronunciation: 'Ко́ков' }, note: 'ударение\r\nна первый слог' }] }],
      [
        { lang: 'en', terms: [{ term: 'C++ "code"', notes: { 'x-circassian-case-sensitive': 'yes' }, note: undefined }] },
        { lang: 'kbd', terms: [{ term: 'C++ код', notes: { administrativeStatus: 'preferredTerm-admn-sts' }, note: undefined }] },
      ],
    ]);
  });

  it.each([
    ['plain text', 'Нальчик, Налшык'],
    ['an HTML page', '<!doctype html><html><body>glossary</body></html>'],
    ['TMX', '<?xml version="1.0"?><tmx version="1.4"><header/><body/></tmx>'],
    ['a file cut short', '<martif type="TBX-Basic"><text><body><termEntry><langSet xml:lang="ru"><tig><term>Нальч'],
    [
      'a file cut between entries',
      '<martif type="TBX-Basic"><text><body><termEntry><langSet xml:lang="ru"><tig><term>a</term></tig></langSet></termEntry>',
    ],
    [
      'an empty term',
      '<martif><text><body><termEntry><langSet xml:lang="ru"><tig><term> </term></tig></langSet></termEntry></body></text></martif>',
    ],
    ['an empty file', ''],
    ['bytes that are not UTF-8', new Uint8Array([0x3c, 0x6d, 0x61, 0xff, 0xfe, 0x3e])],
  ])('refuses %s, saying why', async (_name, input) => {
    await expect(readTbx(input)).rejects.toThrow(GlossaryError);
  });
});

describe('CSV', () => {
  it('an independent RFC 4180 reader (csv-parse) reads our export as the contract says', () => {
    const pair = { source: 'ru', target: 'kbd' } as const;
    const csv = writeGlossaryCsv(
      pair,
      ENTRIES.filter((entry) => entry.sourceLang === 'ru'),
    );
    expect(parseCsv(csv, { bom: true, relax_quotes: false })).toEqual([
      ['ru', 'kbd', 'type', 'note'],
      ['Нальчик', 'Нальчик', 'keep', 'город & столица <КБР>'],
      ['обновление', 'зэхъуэкӀыныгъэ', 'translate', ''],
      ['обновление', 'апдейт', 'forbidden', 'калька'],
      ['', 'веб-сайт', 'forbidden', ''],
      ['Коков', 'Ко́ков', 'say', 'ударение\r\nна первый слог'],
    ]);
    const again = readGlossaryCsv(csv);
    expect(writeGlossaryCsv(again.pair, again.entries)).toBe(csv);
  });

  it('reads a file given as bytes, and refuses bytes that are not UTF-8', () => {
    const bytes = new TextEncoder().encode('ru,kbd,type\nсайт,сайт,translate\n');
    expect(readGlossaryCsv(bytes).entries).toEqual([{ sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'сайт', target: 'сайт' }]);
    expect(() => readGlossaryCsv(new Uint8Array([0x72, 0x75, 0x2c, 0xff]))).toThrow('not UTF-8');
  });

  it('says which line is wrong and why', () => {
    expect(() => readGlossaryCsv('ru,kbd,type,note\r\nсайт,сайт,translate,\r\n"a\r\nb",,keep,\r\nx,y,synonym,\r\n')).toThrow(
      'line 5: type "synonym" is not keep, translate, forbidden or say',
    );
  });
});
