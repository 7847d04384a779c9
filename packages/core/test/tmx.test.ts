import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import { readTmx, type TmxReadItem } from '../src/memory/tmx-read.js';
import { writeTmx } from '../src/memory/tmx-write.js';
import { MAX_TEXT_CHARACTERS, XmlSyntaxError, decodeEntities, xmlEvents } from '../src/internal/xml-stream.js';
import type { MemoryUnit, MemoryUnitInput } from '../src/memory/types.js';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const text = async (units: Iterable<MemoryUnit> | AsyncIterable<MemoryUnit>, options = {}) =>
  (await collect(writeTmx(units, options))).join('');

function unitsOf(items: readonly TmxReadItem[]): MemoryUnitInput[] {
  return items.flatMap((item) => (item.kind === 'unit' ? [item.unit] : []));
}

const UNITS: MemoryUnit[] = [
  {
    sourceLang: 'ru',
    targetLang: 'kbd',
    source: 'Привет, <мир> & "всё"',
    target: 'Фэсапщи\r\nдунейм',
    origin: 'human',
    created: '2026-03-01T10:20:30Z',
    changed: '2026-04-02T11:00:00Z',
    creator: 'Мадина "M"',
    usageCount: 3,
  },
  {
    sourceLang: 'en',
    targetLang: 'ady',
    source: 'Good morning',
    target: 'Уимафэ шIу',
    origin: 'machine',
    created: '2026-05-05T00:00:00Z',
    usageCount: 0,
  },
  {
    sourceLang: 'kbd',
    targetLang: 'tr',
    source: 'к\u04C0уэ',
    target: 'git 😀',
    origin: 'machine',
    created: '2026-05-06T00:00:00Z',
    usageCount: 1,
  },
];

/** A whole TMX document of one unit. */
const UNIT_DOC =
  '<tmx version="1.4"><header srclang="ru"/><body><tu><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>Хьэуэ</seg></tuv></tu><tu><tuv xml:lang="ru"><seg>Нет</seg></tuv><tuv xml:lang="kbd"><seg>Хьэуэ</seg></tuv></tu></body></tmx>';

describe('TMX 1.4b', () => {
  it('writes each unit with its origin prop, languages and TMX dates', async () => {
    const tmx = await text(UNITS.slice(0, 1));
    expect(tmx).toContain('<tmx version="1.4">');
    expect(tmx).toContain('srclang="*all*"');
    expect(tmx).toContain(
      '<tu srclang="ru" creationdate="20260301T102030Z" changedate="20260402T110000Z" creationid="Мадина &quot;M&quot;" usagecount="3">',
    );
    expect(tmx).toContain('<prop type="x-circassian-origin">human</prop>');
    expect(tmx).toContain('<tuv xml:lang="ru"><seg>Привет, &lt;мир&gt; &amp; "всё"</seg></tuv>');
    expect(tmx).toContain('<tuv xml:lang="kbd"><seg>Фэсапщи&#13;\nдунейм</seg></tuv>');
  });

  it('export, import, export gives the same bytes and the same units', async () => {
    const first = await text(UNITS);
    const memory = new InMemoryTranslationMemory();
    await memory.store(unitsOf(await collect(readTmx([first]))));
    const imported = await collect(memory.units());
    expect(imported).toEqual(UNITS);
    expect(await text(memory.units())).toBe(first);
  });

  it('reads a document split anywhere, even inside a multi-byte character or an entity', async () => {
    const bytes = new TextEncoder().encode(await text(UNITS));
    const oneByteAtATime = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(unitsOf(await collect(readTmx(oneByteAtATime)))).toEqual(unitsOf(await collect(readTmx([bytes]))));
    expect(unitsOf(await collect(readTmx([bytes])))).toHaveLength(3);
  });

  it('keeps only the chosen origin on export', async () => {
    const tmx = await text(UNITS, { origin: 'human' });
    expect(unitsOf(await collect(readTmx([tmx]))).map((u) => u.source)).toEqual(['Привет, <мир> & "всё"']);
  });

  it('leaves out, and reports, a unit XML 1.0 cannot carry', async () => {
    const skipped: string[] = [];
    const tmx = await text([{ ...UNITS[1]!, source: 'bell\u0007' }, UNITS[2]!], {
      onSkip: (unit: MemoryUnit) => skipped.push(unit.source),
    });
    expect(skipped).toEqual(['bell\u0007']);
    expect(unitsOf(await collect(readTmx([tmx])))).toHaveLength(1);
  });

  it('reads what other tools write: *all*, regions, TMX 1.1 lang, several targets, CDATA, <hi>, comments and a doctype', async () => {
    const foreign = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4"><header creationtool="OmegaT" creationtoolversion="6.0" segtype="sentence" o-tmf="OmegaT TMX" adminlang="EN-US" srclang="RU-RU" datatype="plaintext"/>
<body>
<!-- a comment -->
<tu tuid="1" creationdate="20250101T000000Z"><note>from a project</note>
  <tuv xml:lang="ru-RU"><seg>Доброе утро</seg></tuv>
  <tuv xml:lang="kbd-Cyrl"><seg>Уи пщэддджыжь ф\u04C0ыуэ</seg></tuv>
  <tuv lang="EN-GB"><seg><![CDATA[Good <morning>]]></seg></tuv>
  <tuv xml:lang="de-DE"><seg>Guten Morgen</seg></tuv>
</tu>
<tu><tuv xml:lang="ru"><seg>Это <hi type="b">важно</hi>&#x21;</seg></tuv><tuv xml:lang="ady"><seg>Мыр <hi>мэхьанэшхо</hi>!</seg></tuv></tu>
<tu><tuv xml:lang="ru"><seg>Нажмите <bpt i="1">&lt;b&gt;</bpt>здесь<ept i="1">&lt;/b&gt;</ept></seg></tuv><tuv xml:lang="kbd"><seg>Мыбдеж <bpt i="1">&lt;b&gt;</bpt>теп\u04C0э<ept i="1">&lt;/b&gt;</ept></seg></tuv></tu>
<tu srclang="de-DE"><tuv xml:lang="de"><seg>Hallo</seg></tuv><tuv xml:lang="ru"><seg>Привет</seg></tuv></tu>
<tu><prop type="x-circassian-origin">robot</prop><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>Хьэуэ</seg></tuv></tu>
</body></tmx>`;
    const items = await collect(readTmx([foreign]));
    expect(unitsOf(items)).toEqual([
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Доброе утро',
        target: 'Уи пщэддджыжь ф\u04C0ыуэ',
        origin: 'human',
        created: '2025-01-01T00:00:00Z',
      },
      {
        sourceLang: 'ru',
        targetLang: 'en',
        source: 'Доброе утро',
        target: 'Good <morning>',
        origin: 'human',
        created: '2025-01-01T00:00:00Z',
      },
      { sourceLang: 'ru', targetLang: 'ady', source: 'Это важно!', target: 'Мыр мэхьанэшхо!', origin: 'human' },
      // Level 2 (tmx-level2.test.ts): another tool's tag pair is our marker pair.
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Нажмите <x1>здесь</x1>', target: 'Мыбдеж <x1>теп\u04C0э</x1>', origin: 'human' },
    ]);
    expect(items.filter((item) => item.kind === 'skipped').map((item) => item.kind === 'skipped' && [item.tu, item.reason])).toEqual([
      [1, 'language'],
      [4, 'language'],
      [5, 'origin'],
    ]);
  });

  describe('provenance', () => {
    const PROVENANCE: MemoryUnit[] = [
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Read',
        target: 'Прочитать',
        origin: 'reviewed',
        created: '2026-03-01T10:20:30Z',
        changed: '2026-04-02T11:00:00Z',
        creator: 'anna <a&b>',
        changer: 'boris "B"\tlead',
        where: 'post:<42> & "co"',
        context: ' verb\r\n',
        usageCount: 2,
      },
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Read',
        target: 'Прочитано',
        origin: 'human',
        created: '2026-03-02T00:00:00Z',
        creator: 'intern',
        where: 'api::article.article:abc123',
        context: 'past participle',
        suggestion: true,
        usageCount: 0,
      },
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Read',
        target: 'Читать',
        origin: 'machine',
        created: '2026-03-03T00:00:00Z',
        usageCount: 0,
      },
    ];

    it('writes people as creationid/changeid and where, context and status as escaped props', async () => {
      const tmx = await text(PROVENANCE);
      expect(tmx).toContain(
        '<tu srclang="ru" creationdate="20260301T102030Z" changedate="20260402T110000Z" creationid="anna &lt;a&amp;b&gt;" changeid="boris &quot;B&quot;&#9;lead" usagecount="2">\n' +
          '      <prop type="x-circassian-origin">reviewed</prop>\n' +
          '      <prop type="x-circassian-where">post:&lt;42&gt; &amp; "co"</prop>\n' +
          '      <prop type="x-circassian-context"> verb&#13;\n</prop>\n',
      );
      expect(tmx).toContain(
        '<prop type="x-circassian-context">past participle</prop>\n      <prop type="x-circassian-status">suggestion</prop>\n',
      );
      // The machine unit says nothing it does not have.
      expect(tmx).toContain(
        '<tu srclang="ru" creationdate="20260303T000000Z">\n      <prop type="x-circassian-origin">machine</prop>\n      <tuv',
      );
    });

    it('export, import, export keeps provenance byte for byte', async () => {
      const first = await text(PROVENANCE);
      const memory = new InMemoryTranslationMemory();
      await memory.store(unitsOf(await collect(readTmx([first]))));
      expect(await collect(memory.units())).toEqual(PROVENANCE);
      expect(await text(memory.units())).toBe(first);
    });

    it('reads a TMX written before provenance (no changeid, no props but the origin) as it did', async () => {
      const older =
        '<tmx version="1.4"><header srclang="*all*"/><body><tu srclang="ru" creationdate="20260301T000000Z" creationid="circassian-cli"><prop type="x-circassian-origin">human</prop><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>Хьэуэ</seg></tuv></tu></body></tmx>';
      expect(unitsOf(await collect(readTmx([older])))).toEqual([
        {
          sourceLang: 'ru',
          targetLang: 'kbd',
          source: 'Да',
          target: 'Хьэуэ',
          origin: 'human',
          created: '2026-03-01T00:00:00Z',
          creator: 'circassian-cli',
        },
      ]);
    });

    it('skips a suggestion that names no creator, and a status it does not know, each with its reason', async () => {
      const doc = (attributes: string, status: string) =>
        `<tu srclang="ru"${attributes}><prop type="x-circassian-status">${status}</prop><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>Хьэуэ</seg></tuv></tu>`;
      const items = await collect(
        readTmx([
          `<tmx><body>${doc('', 'suggestion')}${doc(' creationid="x"', 'approved')}${doc(' creationid="x"', ' suggestion ')}</body></tmx>`,
        ]),
      );
      expect(items.map((item) => (item.kind === 'skipped' ? [item.reason, item.detail] : item.unit.suggestion))).toEqual([
        ['status', 'a suggestion without creationid (whose is it?)'],
        ['status', 'x-circassian-status "approved"'],
        true,
      ]);
    });
  });

  it('refuses a document cut inside a tag, with a clear error', async () => {
    await expect(collect(readTmx(['<tmx><body><tu srclang="ru"']))).rejects.toThrow(/ends inside a tag/u);
  });

  it.each([
    ['a note', 'Remember to export the memory', /not TMX: it starts with text/u],
    ['an HTML page', '<!DOCTYPE html><html><body>TMX</body></html>', /not TMX: it starts with <html>/u],
    ['JSON', '{"tmx": []}', /not TMX: it starts with text/u],
    ['an empty file', '', /no <tmx> element/u],
    ['a TMX cut between two units', `${UNIT_DOC.slice(0, UNIT_DOC.indexOf('</tu>') + 5)}\n`, /cut short: it ends before <\/tmx>/u],
    ['a TMX with a second document after it', `${UNIT_DOC}${UNIT_DOC}`, /goes on after <\/tmx>/u],
  ])('refuses %s, which would otherwise read as no units or some', async (_name, document, reason) => {
    await expect(collect(readTmx([document]))).rejects.toThrow(reason);
  });

  it('reads an empty <tmx/> and a document with comments after its end as whole', async () => {
    expect(await collect(readTmx(['<?xml version="1.0"?>\n<tmx version="1.4"/>\n']))).toEqual([]);
    expect(unitsOf(await collect(readTmx([`${UNIT_DOC}\n<!-- exported by hand -->\n`])))).toHaveLength(2);
  });

  describe('long texts', () => {
    const seg = (text: string) =>
      `<tmx><body><tu srclang="ru"><tuv xml:lang="ru"><seg>${text}</seg></tuv><tuv xml:lang="kbd"><seg>x</seg></tuv></tu></body></tmx>`;
    const cut = (text: string, size: number) =>
      Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

    it('hands a long text on as it comes, each character read once: no piece longer than a chunk', async () => {
      // 900,000 characters in 1,000-character chunks, entities cut anywhere. Before, the tokenizer held the
      // whole run and searched it again with every chunk: one event of 900,000 characters, 900 searches of it.
      const text = 'Сэ уэ узолъагъу &amp; &#x4C0; '.repeat(30_000);
      const pieces: number[] = [];
      let whole = '';
      for await (const event of xmlEvents(cut(seg(text), 1_000))) {
        if (event.kind !== 'text' || event.text === 'x') continue;
        pieces.push(event.text.length);
        whole += event.text;
      }
      expect(whole).toBe(decodeEntities(text));
      expect(Math.max(...pieces)).toBeLessThanOrEqual(1_000);
      expect(pieces.length).toBeGreaterThanOrEqual(text.length / 1_000);
      const [read] = unitsOf(await collect(readTmx(cut(seg(text), 1_000))));
      expect(read?.source).toBe(decodeEntities(text));
    });

    it('refuses a text over the cap per text, naming the cap, before holding it', async () => {
      const over = 'а'.repeat(MAX_TEXT_CHARACTERS + 1);
      await expect(collect(readTmx(cut(seg(over), 65_536)))).rejects.toThrow(
        new XmlSyntaxError('A text runs on past 1,000,000 characters, the most this reader holds for one text'),
      );
      // A <seg> of many runs, each under the cap, is capped as one text.
      const runs = `${'а'.repeat(600_000)}<hi>${'б'.repeat(600_000)}</hi>`;
      await expect(collect(readTmx(cut(seg(runs), 65_536)))).rejects.toThrow(/<tu> 1 holds a text of more than 1,000,000 characters/u);
      // So are a tag and a comment that never end.
      await expect(collect(readTmx(cut(`<tmx><body><tu note="${over}`, 65_536)))).rejects.toThrow(/runs on past 1,000,000 characters/u);
      await expect(collect(readTmx(cut(`<tmx><!-- ${over}`, 65_536)))).rejects.toThrow(/runs on past 1,000,000 characters/u);
      // At the cap exactly, the text is read.
      expect(unitsOf(await collect(readTmx(cut(seg('а'.repeat(MAX_TEXT_CHARACTERS)), 65_536)))).map((u) => u.source.length)).toEqual([
        MAX_TEXT_CHARACTERS,
      ]);
    });

    it('reads a tag, comment and CDATA section cut into one-character chunks', async () => {
      const doc = `<tmx><!-- a -- comment --><body><tu srclang="ru" note='a > b "c"'><tuv xml:lang="ru"><seg><![CDATA[<Да> & ]]]]><![CDATA[>]]></seg></tuv><tuv xml:lang="kbd"><seg>Хьэуэ</seg></tuv></tu></body></tmx>`;
      expect(unitsOf(await collect(readTmx([...doc])))).toEqual(unitsOf(await collect(readTmx([doc]))));
      expect(unitsOf(await collect(readTmx([...doc])))[0]?.source).toBe('<Да> & ]]>');
    });
  });

  describe('a 100,000-unit file', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'circassian-tmx-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('is written and read as a stream, in bounded memory', async () => {
      const file = join(dir, 'big.tmx');
      function* generated(): Generator<MemoryUnit> {
        for (let i = 0; i < 100_000; i++) {
          yield {
            sourceLang: 'ru',
            targetLang: 'kbd',
            source: `Строка номер ${i}: текст, который переводчик правил руками, чтобы проверить память`,
            target: `Сатыр ${i}: тхыгъэ, зэдзэк\u04C0ак\u04C0уэм и \u04C0эк\u04C0э игъэтэрэзар`,
            origin: i % 10 === 0 ? 'human' : 'machine',
            created: '2026-11-26T00:00:00Z',
            usageCount: 0,
          };
        }
      }
      await pipeline(Readable.from(writeTmx(generated())), createWriteStream(file));
      const size = (await stat(file)).size;
      expect(size).toBeGreaterThan(25_000_000);

      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      let units = 0;
      let human = 0;
      for await (const item of readTmx(createReadStream(file, { highWaterMark: 64 * 1024 }))) {
        if (item.kind !== 'unit') continue;
        units++;
        if (item.unit.origin === 'human') human++;
        if (units % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
      expect(units).toBe(100_000);
      expect(human).toBe(10_000);
      // Holding the units would take well over the file's size (UTF-16 strings and objects); a stream holds one chunk and one <tu>.
      console.log(`TMX read: ${(size / 1e6).toFixed(1)} MB, ${units} units, peak heap growth ${(peak / 1e6).toFixed(1)} MB`);
      expect(peak).toBeLessThan(32_000_000);
    });
  });
});
