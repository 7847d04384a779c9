import { InMemoryTranslationMemory, type TranslationMemory } from '@circassian/core';
import { useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, test } from 'vitest';
import { formatFor, type FileFormat } from '../src/logic/file-formats';
import { translatedFileName } from '../src/logic/file-naming';
import { corrections } from '../src/logic/memory-teaching';
import { runFileTranslation, type FileRunDeps, type FileRunOutcome, type FileRunResult } from '../src/translate/file-run';
import { jsonEntries, rebuildJson } from '../src/logic/localisation-json';

test('the new file is named by the target code', () => {
  expect(translatedFileName('en.json', 'kbd')).toBe('kbd.json');
  expect(translatedFileName('messages.en.po', 'kbd')).toBe('messages.kbd.po');
  expect(translatedFileName('talk.srt', 'kbd')).toBe('talk.kbd.srt');
  expect(translatedFileName('notes.md', 'kbd')).toBe('notes.kbd.md');
  expect(translatedFileName('app.json', 'ru')).toBe('app.ru.json');
  expect(translatedFileName('pt-BR.json', 'ady')).toBe('ady.json');
});

test('JSON entries keep their key paths; the rebuilt file keeps keys, order and indentation', () => {
  const source = '{\n    "title": "Hello",\n    "menu": { "open": "Open {file}", "n": 3, "list": ["a", "b"] }\n}\n';
  expect(jsonEntries(source)).toEqual([
    { key: 'title', text: 'Hello' },
    { key: 'menu.open', text: 'Open {file}' },
    { key: 'menu.list.0', text: 'a' },
    { key: 'menu.list.1', text: 'b' },
  ]);
  expect(rebuildJson(source, (key, text) => `${key}:${text}`)).toBe(
    '{\n    "title": "title:Hello",\n    "menu": {\n        "open": "menu.open:Open {file}",\n        "n": 3,\n        "list": [\n            "menu.list.0:a",\n            "menu.list.1:b"\n        ]\n    }\n}\n',
  );
});

// ---- translateFile's run (translate/file-run.ts), without VS Code, against the local service ----

describe('Translate File’s run with the translation memory, against the local service', () => {
  const service = useSandbox({ limits: { requests_per_minute: 10_000 } });
  const json = formatFor('en.json');
  if (!json) throw new Error('the JSON format is registered');
  const source = JSON.stringify(
    { title: 'Good morning', greeting: 'Hello {name}, you have %s new messages', bye: 'See you tomorrow', only: '{name}' },
    null,
    2,
  );

  /** How many translate and batch requests reached the service. */
  async function requests(): Promise<number> {
    return (await service.calls('batch')).length + (await service.calls('translate')).length;
  }

  /** One Translate File run of `text` as the command makes it, with no last run unless given. */
  function run(
    memory: TranslationMemory | undefined,
    text: string,
    last?: { output: string; remembered: Record<string, string> },
    changed: { deps?: Partial<FileRunDeps>; source?: string | undefined } = { source: 'en' },
  ) {
    return runFileTranslation(
      {
        client: () => Promise.resolve(service.client()),
        detectSource: () => Promise.resolve(undefined),
        memory,
        progress: (_pending, task) => task(() => undefined, new AbortController().signal),
        spend: () => undefined,
        ...changed.deps,
      },
      {
        format: json as FileFormat,
        sourceText: text,
        units: (json as FileFormat).units(text),
        previousText: last?.output,
        remembered: last?.remembered ?? {},
        target: 'kbd',
        source: 'source' in changed ? changed.source : 'en',
      },
    );
  }

  function done(outcome: FileRunOutcome): FileRunResult {
    if (outcome.kind !== 'done') throw new Error(outcome.kind);
    return outcome;
  }

  test('a second run over unchanged content makes no translate or batch request, even with the last run forgotten', async () => {
    const memory = new InMemoryTranslationMemory();
    const before = await requests();
    const first = done(await run(memory, source));
    expect(await requests()).toBe(before + 1);
    expect(first.fromMemory).toBe(0);
    expect(first.translated).toBe(3);

    // A new clone, another target file: nothing of the last run is known but the memory.
    const second = done(await run(memory, source));
    expect(await requests()).toBe(before + 1);
    expect(second.output).toBe(first.output);
    expect(second.translated).toBe(3);
    expect(second.sent).toBe(0);
    expect(second.fromMemory).toBe('Good morning'.length + 'Hello ⟦0⟧, you have ⟦1⟧ new messages'.length + 'See you tomorrow'.length);
  });

  test('a changed source sends only its new text, and says what came from the memory', async () => {
    const memory = new InMemoryTranslationMemory();
    done(await run(memory, source));
    const changed = source.replace('See you tomorrow', 'See you on Monday');
    const before = await service.calls('batch');
    const second = done(await run(memory, changed));
    const after = await service.calls('batch');
    expect(after.length - before.length).toBe(1);
    expect((after.at(-1)?.content?.request as { texts: string[] }).texts).toEqual(['See you on Monday']);
    expect(second.sent).toBe('See you on Monday'.length);
    expect(second.fromMemory).toBeGreaterThan(0);
  });

  test('a human correction of the output wins on the next run, with no request for it', async () => {
    const memory = new InMemoryTranslationMemory();
    const first = done(await run(memory, source));
    const written = json.translations(first.output);
    const edited = new Map(written).set('greeting', 'Сэлам {name}, %s тхылъ къыпхуэкӀуащ').set('title', 'Пщэдджыжь фӀыуэ');
    const found = corrections(json, Object.fromEntries(written), first.remembered, edited);
    expect(found.map((item) => item.key).sort()).toEqual(['greeting', 'title']);
    await memory.store(
      found.map(({ pair }) => ({
        sourceLang: 'en',
        targetLang: 'kbd',
        source: pair.source,
        target: pair.target,
        origin: 'human' as const,
      })),
    );

    const before = await requests();
    const next = done(await run(memory, source.replace('"bye"', '"farewell"')));
    expect(await requests()).toBe(before);
    const output = JSON.parse(next.output) as Record<string, string>;
    expect(output.greeting).toBe('Сэлам {name}, %s тхылъ къыпхуэкӀуащ');
    expect(output.title).toBe('Пщэдджыжь фӀыуэ');
    expect(output.farewell).toBe(JSON.parse(first.output).bye);
    // A later machine answer never replaces the correction.
    expect(
      await memory.store([{ sourceLang: 'en', targetLang: 'kbd', source: 'Good morning', target: 'x', origin: 'machine' }]),
    ).toMatchObject({
      stored: 0,
      keptHuman: 1,
    });
  });

  /** The memory with its store calls counted: each is one rewrite of a TMX file. */
  function countingMemory(): { memory: TranslationMemory; inner: InMemoryTranslationMemory; stores: () => number } {
    const inner = new InMemoryTranslationMemory();
    let stores = 0;
    const memory: TranslationMemory = {
      lookup: (pair, sources, options) => inner.lookup(pair, sources, options),
      store: (units) => {
        stores++;
        return inner.store(units);
      },
      recordUse: (pair, sources, options) => inner.recordUse(pair, sources, options),
      remove: (filter) => inner.remove(filter),
      clear: (pair) => inner.clear(pair),
      stats: () => inner.stats(),
      units: () => inner.units(),
    };
    return { memory, inner, stores: () => stores };
  }

  /** A locale file of `count` distinct texts: three batches for 120 (50 texts a request). */
  const many = (count: number, tag: string): string =>
    JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, `Line ${i} of the ${tag} file`])), null, 2);

  test('a run of three batches writes the memory once, at its end, with every answer', async () => {
    const { memory, inner, stores } = countingMemory();
    const before = (await service.calls('batch')).length;
    const result = done(await run(memory, many(120, 'three-batch')));
    expect((await service.calls('batch')).length - before).toBe(3);
    expect(result.translated).toBe(120);
    expect(stores()).toBe(1);
    expect((await inner.stats()).units).toBe(120);
  });

  test('a run whose second call fails keeps what it paid for, written once; the next run sends only the rest', async () => {
    const { memory, inner, stores } = countingMemory();
    const text = many(120, 'failing');
    // The daily cap reached mid-run: one of the three calls refused (not retried).
    await service.admin.injectFault({ operation: 'batch', error_type: 'quota_exceeded', count: 1 });
    const failed = done(await run(memory, text));
    expect(failed.failure).toBeDefined();
    expect(failed.translated).toBeGreaterThan(0);
    expect(failed.translated).toBeLessThan(120);
    expect(stores()).toBe(1);
    expect((await inner.stats()).units).toBe(failed.translated);

    const before = await service.calls('batch');
    const again = done(await run(memory, text));
    const after = await service.calls('batch');
    expect(after.length - before.length).toBe(1);
    expect((after.at(-1)?.content?.request as { texts: string[] }).texts).toHaveLength(120 - failed.translated);
    expect(again.translated).toBe(120);
    expect(again.fromMemory).toBeGreaterThan(0);
    expect(stores()).toBe(2);
  });

  test('a run cancelled after its second answer keeps the answers that arrived, written once', async () => {
    const { memory, inner, stores } = countingMemory();
    const controller = new AbortController();
    const outcome = done(
      await run(memory, many(120, 'cancelled'), undefined, {
        // The user cancels when the second answer arrives; a call still in flight is dropped.
        deps: { progress: (_pending, task) => task((answered) => (answered === 2 ? controller.abort() : undefined), controller.signal) },
      }),
    );
    expect(outcome.cancelled).toBe(true);
    expect(outcome.translated).toBeGreaterThanOrEqual(80);
    expect(stores()).toBe(1);
    expect((await inner.stats()).units).toBe(outcome.translated);
  });

  test('a file whose language nothing names, run again: the memory knows its texts in English, so no detect call either', async () => {
    const memory = new InMemoryTranslationMemory();
    done(await run(memory, source));
    let detections = 0;
    const before = await requests();
    const detectSource = (): Promise<string> => {
      detections++;
      return Promise.resolve('en');
    };
    const again = done(await run(memory, source, undefined, { deps: { detectSource }, source: undefined }));
    expect(detections).toBe(0);
    expect(await requests()).toBe(before);
    expect(again.source).toBe('en');
    expect(again.sent).toBe(0);
    expect(again.translated).toBe(3);
  });

  test('with no key, a file the memory knows whole is translated: the client is asked for only to send', async () => {
    const memory = new InMemoryTranslationMemory();
    const first = done(await run(memory, source));
    const noKey = (): Promise<never> => Promise.reject(new Error('no API key'));
    const before = await requests();
    const again = done(await run(memory, source, undefined, { deps: { client: noKey } }));
    expect(again.output).toBe(first.output);
    expect(await requests()).toBe(before);
    // One text the memory does not know: the client is asked for, and its refusal is the run's.
    await expect(run(memory, source.replace('See you tomorrow', 'See you in May'), undefined, { deps: { client: noKey } })).rejects.toThrow(
      'no API key',
    );
  });

  test('gettext context: "Read" as a verb and as a past participle are two memory units; a correction of one never answers the other', async () => {
    const po = formatFor('messages.po') as FileFormat;
    const file = [
      'msgid ""',
      'msgstr ""',
      '"Language: en\\n"',
      '',
      'msgctxt "verb"',
      'msgid "Read"',
      'msgstr ""',
      '',
      'msgctxt "past participle"',
      'msgid "Read"',
      'msgstr ""',
      '',
    ].join('\n');
    const memory = new InMemoryTranslationMemory();
    const runPo = (): Promise<FileRunOutcome> =>
      runFileTranslation(
        {
          client: () => Promise.resolve(service.client()),
          detectSource: () => Promise.resolve(undefined),
          memory,
          where: 'locale/messages.po',
          progress: (_pending, task) => task(() => undefined, new AbortController().signal),
          spend: () => undefined,
        },
        { format: po, sourceText: file, units: po.units(file), previousText: undefined, remembered: {}, target: 'kbd', source: 'en' },
      );
    const first = done(await runPo());
    expect(first.translated).toBe(2);
    const units = [];
    for await (const unit of memory.units()) units.push({ source: unit.source, context: unit.context, where: unit.where });
    expect(units).toEqual([
      { source: 'Read', context: 'verb', where: 'locale/messages.po' },
      { source: 'Read', context: 'past participle', where: 'locale/messages.po' },
    ]);
    // A translator's correction of the verb: the participle keeps the service's answer, and nothing is sent.
    await memory.store([{ sourceLang: 'en', targetLang: 'kbd', source: 'Read', target: 'Еджэ', origin: 'human', context: 'verb' }]);
    const before = await requests();
    const second = done(await runPo());
    expect(await requests()).toBe(before);
    expect([...po.translations(second.output).entries()]).toEqual([
      ['verb\u0004Read', 'Еджэ'],
      ['past participle\u0004Read', po.translations(first.output).get('past participle\u0004Read')],
    ]);
  });

  test('without a memory the run is as before: the same file translated again is sent again', async () => {
    const before = await requests();
    done(await run(undefined, source));
    done(await run(undefined, source));
    expect(await requests()).toBe(before + 2);
  });
});
