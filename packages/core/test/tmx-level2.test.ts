// TMX 1.4b level 2 (issue 33): inline codes exported as <ph>, <bpt>/<ept>, <it>; OmegaT-, Okapi- and
// other tools' files imported whole, their codes our markers again; what is left out named.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { DOMParser, type Element, type Node as XmlNode } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import { readTmx, type TmxReadItem } from '../src/memory/tmx-read.js';
import { writeTmx } from '../src/memory/tmx-write.js';
import type { MemoryUnit, MemoryUnitInput } from '../src/memory/types.js';
import { markSegments, restoreMarkers, type Restored } from '../src/text/inline-markers.js';

const unit = (source: string, target: string, extra: Partial<MemoryUnit> = {}): MemoryUnit => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  created: '2026-03-01T10:00:00Z',
  usageCount: 0,
  ...extra,
});

/** Units as the hosts keep them: placeholders and tags as typed, core's markers, VS Code's masks, ICU. */
const CODED: MemoryUnit[] = [
  unit('Привет, {name}! У вас %d новых сообщений.', 'Сэлам, {name}! Къэбар щӀэуэ %d уиӀэщ.'),
  unit('Нажмите <b>Сохранить</b><br/>и напишите editors@example.org', '<b>Хъумэн</b> теӀэ<br/>икӀи editors@example.org къытхуэтх', {
    creator: 'Мадина',
    changer: 'Аслан <a&b>',
    changed: '2026-03-02T08:00:00Z',
    where: 'src/app.ts',
    context: ' verb ',
    origin: 'reviewed',
  }),
  unit('Открыть <x1>ссылку</x1> <x2/> в `npm run` ${user}', '<x2/> <x1>Техьэпӏэр</x1> зэӏухын `npm run` ${user}', { origin: 'machine' }),
  unit('Сохранить ⟦0⟧ файл ⟦1⟧', 'Файл ⟦0⟧ хъумэн ⟦1⟧', { suggestion: true, creator: 'guest' }),
  unit(
    '{count, plural, one {# файл} other {# файлов}} на https://example.org/x.',
    '{count, plural, one {файл #} other {файлхэр #}} https://example.org/x деж.',
  ),
  unit('Начало <i>курсива', 'курсив</i> кӀэух', { sourceLang: 'kbd', targetLang: 'ru' }),
];

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

const exported = async (units: readonly MemoryUnit[]) => (await collect(writeTmx(units))).join('');
const unitsOf = (items: readonly TmxReadItem[]): MemoryUnitInput[] => items.flatMap((item) => (item.kind === 'unit' ? [item.unit] : []));
const leftOut = (items: readonly TmxReadItem[]) =>
  items.flatMap((item) => (item.kind === 'skipped' ? [[item.tu, item.reason, item.detail]] : []));
const readFixture = async (name: string) => collect(readTmx([await readFile(new URL(`fixtures/tmx/${name}`, import.meta.url))]));
/** What a unit of `writeTmx`'s becomes when read back (use counts are not stored in a TMX we write with 0). */
const asRead = ({ usageCount, ...rest }: MemoryUnit): MemoryUnitInput => ({ ...rest, ...(usageCount > 0 ? { usageCount } : {}) });

describe('TMX level 2 export', () => {
  it('writes placeholders, tags, addresses and markers as <ph>, <bpt>/<ept> and <it>, each holding its text, with one x per code in source and target', async () => {
    const tmx = await exported(CODED);
    expect(tmx).toContain(
      '<seg>Привет, <ph x="1">{name}</ph>! У вас <ph x="2">%d</ph> новых сообщений.</seg></tuv>\n' +
        '      <tuv xml:lang="kbd"><seg>Сэлам, <ph x="1">{name}</ph>! Къэбар щӀэуэ <ph x="2">%d</ph> уиӀэщ.</seg>',
    );
    expect(tmx).toContain(
      '<seg>Нажмите <bpt i="1" x="1">&lt;b&gt;</bpt>Сохранить<ept i="1">&lt;/b&gt;</ept><ph x="2">&lt;br/&gt;</ph>и напишите <ph x="3">editors@example.org</ph></seg></tuv>\n' +
        '      <tuv xml:lang="kbd"><seg><bpt i="1" x="1">&lt;b&gt;</bpt>Хъумэн<ept i="1">&lt;/b&gt;</ept> теӀэ<ph x="2">&lt;br/&gt;</ph>икӀи <ph x="3">editors@example.org</ph> къытхуэтх</seg>',
    );
    // Our markers and VS Code's masks are codes too, never text a CAT tool would translate.
    expect(tmx).toContain(
      '<seg>Открыть <bpt i="1" x="1">&lt;x1&gt;</bpt>ссылку<ept i="1">&lt;/x1&gt;</ept> <ph x="2">&lt;x2/&gt;</ph> в <ph x="3">`npm run`</ph> <ph x="4">${user}</ph></seg>',
    );
    expect(tmx).toContain('<seg><ph x="2">&lt;x2/&gt;</ph> <bpt i="1" x="1">&lt;x1&gt;</bpt>Техьэпӏэр<ept i="1">&lt;/x1&gt;</ept>');
    expect(tmx).toContain('<seg>Сохранить <ph x="1">⟦0⟧</ph> файл <ph x="2">⟦1⟧</ph></seg>');
    // A tag whose partner is in another segment.
    expect(tmx).toContain('<seg>Начало <it pos="begin" x="1">&lt;i&gt;</it>курсива</seg>');
    expect(tmx).toContain('<seg>курсив<it pos="end" x="2">&lt;/i&gt;</it> кӀэух</seg>');
    expect(tmx).not.toMatch(/<seg>[^<]*[{}⟦]/u);
  });

  it('keeps an ICU plural message one unit: its syntax as codes, its options words to translate', async () => {
    const tmx = await exported([CODED[4] as MemoryUnit]);
    expect(tmx).toContain(
      '<seg><ph x="1">{count, plural, one {#</ph> файл<ph x="2">} other {#</ph> файлов<ph x="3">}}</ph> на <ph x="4">https://example.org/x</ph>.</seg>',
    );
    // The target's options differ (the number after the word): its syntax codes are its own, the URL pairs.
    expect(tmx).toContain(
      '<seg><ph x="5">{count, plural, one {</ph>файл <ph x="6">#} other {</ph>файлхэр <ph x="7">#}}</ph> <ph x="4">https://example.org/x</ph> деж.</seg>',
    );
  });

  it('an independent XML reader (xmldom) reads the same segments and the same inline codes, under a header a CAT tool reads', async () => {
    const doc = new DOMParser().parseFromString(await exported(CODED), 'text/xml');
    const header = doc.getElementsByTagName('header')[0] as Element;
    expect(['segtype', 'o-tmf', 'datatype', 'srclang', 'adminlang'].map((name) => header.getAttribute(name))).toEqual([
      'sentence',
      'circassian',
      'plaintext',
      '*all*',
      'en',
    ]);
    const tus = Array.from(doc.getElementsByTagName('tu'));
    expect(tus).toHaveLength(CODED.length);
    const read = (seg: Element) => {
      const codes: Array<{ name: string; x: string | null; i: string | null; text: string }> = [];
      let text = '';
      for (const node of Array.from(seg.childNodes) as XmlNode[]) {
        if (node.nodeType === node.TEXT_NODE) text += node.nodeValue ?? '';
        else {
          const code = node as Element;
          codes.push({ name: code.tagName, x: code.getAttribute('x'), i: code.getAttribute('i'), text: code.textContent ?? '' });
          text += code.textContent ?? '';
        }
      }
      return { text, codes };
    };
    for (const [index, tu] of tus.entries()) {
      const [source, target] = Array.from(tu.getElementsByTagName('seg')).map(read);
      const expected = CODED[index] as MemoryUnit;
      expect([source?.text, target?.text]).toEqual([expected.source, expected.target]);
      // Every code a CAT tool pairs by x holds the same text on both sides.
      for (const code of target?.codes ?? []) {
        const partner = source?.codes.find((candidate) => code.x !== null && candidate.x === code.x);
        if (partner !== undefined) expect(partner.text).toBe(code.text);
      }
    }
    const second = Array.from((tus[1] as Element).getElementsByTagName('seg')).map(read);
    expect(second[0]?.codes).toEqual([
      { name: 'bpt', x: '1', i: '1', text: '<b>' },
      { name: 'ept', x: null, i: '1', text: '</b>' },
      { name: 'ph', x: '2', i: null, text: '<br/>' },
      { name: 'ph', x: '3', i: null, text: 'editors@example.org' },
    ]);
    expect(second[1]?.codes.map((code) => code.x ?? `i${code.i}`)).toEqual(['1', 'i1', '2', '3']);
  });

  it('our export read back gives the same units, and written again the same bytes, provenance props included', async () => {
    const first = await exported(CODED);
    const items = await collect(readTmx([first]));
    // Through the codes: 36 of them in the file, each read back as the text it was.
    expect(first.match(/<(?:ph|bpt|ept|it) /gu)).toHaveLength(36);
    expect(leftOut(items)).toEqual([]);
    expect(unitsOf(items)).toEqual(CODED.map(asRead));
    const again = await exported(unitsOf(items).map((input) => ({ usageCount: 0, created: '', ...input }) as MemoryUnit));
    expect(again).toBe(first);
    expect(first).toContain('<prop type="x-circassian-context"> verb </prop>');
    expect(first).toContain('<prop type="x-circassian-status">suggestion</prop>');
  });

  it('any text of words, placeholders, tags, markers and stray braces comes back as it was (a property over 300 pairs)', async () => {
    const PIECES = [
      'слово',
      ' ',
      '{name}',
      '{',
      '}',
      '#',
      '%s',
      '% ',
      '100%',
      '<b>',
      '</b>',
      '<br/>',
      '<x1>',
      '</x1>',
      '<x2/>',
      '⟦0⟧',
      '&amp;',
      '&',
      '<',
      '>',
      'a@b.org',
      'https://x.org/a',
      '`code`',
      '${a}',
      '{n, plural, one {# a} other {# b}}',
      '{n, select,',
      '\n',
      '\r\n',
      '"',
      "'",
    ];
    const text = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(text, text, async (source, target) => {
        fc.pre(source.trim() !== '' && target.trim() !== '');
        const units = [unit(source, target)];
        const items = await collect(readTmx([await exported(units)]));
        expect(unitsOf(items)).toEqual(units.map(asRead));
      }),
      { numRuns: 300 },
    );
  });
});

describe('TMX level 2 import of other tools’ files', () => {
  it("OmegaT's project_save.tmx (TMX 1.1 lang, kbd-RU, names and dates on the <tuv>, file props): 4 units read, 1 left out as empty", async () => {
    const items = await readFixture('omegat-project_save.tmx');
    const by = { creator: 'Мадина', changer: 'Мадина' };
    expect(unitsOf(items)).toEqual(
      [
        {
          ...unit('Привет, {name}! У вас %d новых сообщений.', 'Сэлам, {name}! Къэбар щӀэуэ %d уиӀэщ.', by),
          created: '2026-03-10T16:02:05Z',
          changed: '2026-03-12T09:15:00Z',
          usageCount: undefined,
        },
        {
          ...unit('Нажмите <x1>Сохранить</x1>, чтобы продолжить.', 'Пызыхьэн папщӀэ <x1>Хъумэн</x1> теӀэ.', by),
          created: '2026-03-12T09:20:10Z',
          changed: '2026-03-12T09:20:10Z',
          usageCount: undefined,
        },
        {
          ...unit('Строка<x1/>вторая строка', 'Сатыр<x1/>етӀуанэ сатыр', { creator: 'Аслан', changer: 'Аслан' }),
          created: '2026-03-13T10:11:12Z',
          changed: '2026-03-13T10:11:12Z',
          usageCount: undefined,
        },
        { ...unit('Готово', 'ЗэфӀэкӀащ', by), created: '2026-03-14T08:00:00Z', changed: '2026-03-14T08:00:00Z', usageCount: undefined },
      ].map(({ usageCount, ...rest }) => (void usageCount, rest)),
    );
    expect(leftOut(items)).toEqual([[4, 'empty', 'empty kbd-RU segment']]);
  });

  it('an Okapi Rainbow TMX (en-US header, a <tu> with srclang ru-RU, <it>, <ut>, <sub>, <hi>, typed codes): 6 units read, 1 left out (German only)', async () => {
    const items = await readFixture('okapi-rainbow.tmx');
    expect(unitsOf(items).map(({ sourceLang, targetLang, source, target }) => [sourceLang, targetLang, source, target])).toEqual([
      ['en', 'ru', 'Welcome to <x1>Nalchik</x1>!', 'Добро пожаловать в <x1>Нальчик</x1>!'],
      ['en', 'kbd', 'Welcome to <x1>Nalchik</x1>!', 'Къеблагъэ <x1>Налшык</x1>!'],
      ['en', 'ru', 'See the photo <x1/> below.', 'Смотрите фото <x1/> ниже.'],
      ['en', 'ru', '<x1/>Read the whole guide', '<x1/>Прочитайте всё руководство'],
      ['en', 'ru', 'Press <x1/>Enter<x2/> now', 'Нажмите <x1/>Ввод<x2/> сейчас'],
      ['ru', 'en', 'Откройте файл %1$s', 'Open the file %1$s'],
    ]);
    expect(leftOut(items)).toEqual([[6, 'language', 'target language "de-DE", not one the service translates']]);
  });

  it('a file of mixed source languages (srclang per <tu>, *all*, xml:lang and lang, an unknown language, an empty segment, a <tu> without its source): 6 units read, 4 left out with reasons', async () => {
    const items = await readFixture('mixed-sources.tmx');
    expect(unitsOf(items).map(({ sourceLang, targetLang, source, target }) => [sourceLang, targetLang, source, target])).toEqual([
      ['kbd', 'ru', 'Уи пщэддджыжь фӀыуэ', 'Доброе утро'],
      ['ru', 'ady', 'Это очень важно', 'Мыр лъэшэу мэхьанэшхо'],
      ['ru', 'kbd', 'Это очень важно', 'Мыр куэдкӀэ мыхьэнэшхуэщ'],
      ['ady', 'ru', 'Тхьэегъэпсэу ${user}', 'Спасибо, ${user}'],
      ['ru', 'kbd', 'Напишите нам: editors@example.org', 'Къытхуэтх: editors@example.org'],
      // Codes paired by x whatever their i and their order in the translation.
      ['ru', 'kbd', 'Нажмите <x1>здесь</x1> или <x2/> <x3/>', '<x3/> <x1>Мыбдеж</x1> теӀэ <x2/>'],
    ]);
    expect(leftOut(items)).toEqual([
      [4, 'language', 'source language "de", not one the service translates'],
      [5, 'empty', 'empty source segment'],
      [6, 'language', 'no <tuv> in its source language "en"'],
      [7, 'language', 'target language "tlh", not one the service translates'],
    ]);
  });

  it('an imported unit answers a host that marks the same markup, and its own markup is put back', async () => {
    const memory = new InMemoryTranslationMemory();
    await memory.store(unitsOf(await readFixture('omegat-project_save.tmx')));
    const pair = { source: 'ru', target: 'kbd' } as const;
    // A rich-text host marks its bold run (inline-markers.ts) before it looks the text up.
    const marked = markSegments<string>([
      { kind: 'text', text: 'Нажмите ' },
      { kind: 'around', value: 'strong', inner: [{ kind: 'text', text: 'Сохранить' }] },
      { kind: 'text', text: ', чтобы продолжить.' },
    ]);
    const [hit, placeholders] = await memory.lookup(pair, [marked.text, 'Привет, {name}! У вас %d новых сообщений.']);
    const html = (list: ReadonlyArray<Restored<string>>): string =>
      list
        .map((piece) =>
          piece.kind === 'text' ? piece.text : piece.kind === 'around' ? `<${piece.value}>${html(piece.inner)}</${piece.value}>` : '',
        )
        .join('');
    const restored = restoreMarkers(hit?.target ?? '', marked);
    expect(restored && html(restored)).toBe('Пызыхьэн папщӀэ <strong>Хъумэн</strong> теӀэ.');
    expect(placeholders?.target).toBe('Сэлам, {name}! Къэбар щӀэуэ %d уиӀэщ.');
  });
});
