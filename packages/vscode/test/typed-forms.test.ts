// Units kept with their placeholders as typed (src/memory/typed-forms.ts): a TMX from another tool
// holds `Привет, {name}!`, the extension looks up `Привет, ⟦0⟧!`; the imported unit answers, its
// translation in the masked form, when it holds the same placeholders.
import { InMemoryTranslationMemory, readTmx, translateWithMemory, type MemoryUnitInput } from '@circassian/core';
import { useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, test } from 'vitest';
import { formatFor, type FileFormat } from '../src/logic/file-formats';
import { maskPlaceholders, unmaskPlaceholders, type Masked } from '../src/logic/placeholders';
import { protectionFor } from '../src/logic/text-protection';
import { TypedFormMemory } from '../src/memory/typed-forms';
import { runFileTranslation, type FileRunOutcome } from '../src/translate/file-run';

const PAIR = { source: 'ru', target: 'kbd' } as const;

/** A TMX as another tool writes it: placeholders as typed, one inside a `<ph>`. */
const OTHER_TOOL_TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="OmegaT" srclang="ru" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="OmegaT TMX"/>
<body>
<tu><tuv xml:lang="ru"><seg>Привет, {name}!</seg></tuv><tuv xml:lang="kbd"><seg>Сэлам, {name}!</seg></tuv></tu>
<tu><tuv xml:lang="ru"><seg>У вас <ph x="1">%s</ph> новых писем</seg></tuv><tuv xml:lang="kbd"><seg>Тхылъ щӀэ <ph x="1">%s</ph> фиӀэщ</seg></tuv></tu>
<tu><tuv xml:lang="ru"><seg>Пока, {name}</seg></tuv><tuv xml:lang="kbd"><seg>Ди гуфӀэгъуэщ</seg></tuv></tu>
</body></tmx>`;

async function imported(): Promise<InMemoryTranslationMemory> {
  const units: MemoryUnitInput[] = [];
  for await (const item of readTmx([OTHER_TOOL_TMX])) if (item.kind === 'unit') units.push(item.unit);
  return new InMemoryTranslationMemory(units);
}

const CODE = protectionFor('typescript', '/src/app.ts');

describe('a lookup of a masked text also finds the unit kept as typed', () => {
  test('the imported unit answers in the masked form, and its placeholder comes back as typed in the document', async () => {
    const masked = [maskPlaceholders('Привет, {name}!', CODE), maskPlaceholders('У вас %s новых писем', CODE)];
    const memory = await TypedFormMemory.over(await imported(), masked, CODE);
    const found = await memory.lookup(
      PAIR,
      masked.map((one) => one.text),
    );
    expect(found.map((unit) => [unit?.source, unit?.target])).toEqual([
      ['Привет, ⟦0⟧!', 'Сэлам, ⟦0⟧!'],
      ['У вас ⟦0⟧ новых писем', 'Тхылъ щӀэ ⟦0⟧ фиӀэщ'],
    ]);
    expect(unmaskPlaceholders(found[0]?.target ?? '', masked[0] as Masked)).toBe('Сэлам, {name}!');
    // As typed means as typed: another placeholder name is another text, which the unit does not answer.
    const other = maskPlaceholders('Привет, {user}!', CODE);
    expect(await (await TypedFormMemory.over(await imported(), [other], CODE)).lookup(PAIR, [other.text])).toEqual([undefined]);
  });

  test('without the view the imported unit is not found (what the extension did before)', async () => {
    const [unit] = await (await imported()).lookup(PAIR, [maskPlaceholders('Привет, {name}!', CODE).text]);
    expect(unit).toBeUndefined();
  });

  test('a unit whose translation lost the placeholder does not answer: the text goes to the service', async () => {
    const masked = maskPlaceholders('Пока, {name}', CODE);
    const memory = await TypedFormMemory.over(await imported(), [masked], CODE);
    expect(await memory.lookup(PAIR, [masked.text])).toEqual([undefined]);
  });

  test('a human unit as typed wins over a machine one masked; a person’s masked unit wins over anything imported', async () => {
    const masked = maskPlaceholders('Привет, {name}!', CODE);
    const base = await imported();
    await base.store([{ ...PAIR, sourceLang: 'ru', targetLang: 'kbd', source: 'Привет, ⟦0⟧!', target: 'машина ⟦0⟧', origin: 'machine' }]);
    const [overMachine] = await (await TypedFormMemory.over(base, [masked], CODE)).lookup(PAIR, [masked.text]);
    expect(overMachine?.target).toBe('Сэлам, ⟦0⟧!');
    await base.store([{ sourceLang: 'ru', targetLang: 'kbd', source: 'Привет, ⟦0⟧!', target: 'Уи махуэ фӀыуэ, ⟦0⟧!', origin: 'human' }]);
    const [person] = await (await TypedFormMemory.over(base, [masked], CODE)).lookup(PAIR, [masked.text]);
    expect(person?.target).toBe('Уи махуэ фӀыуэ, ⟦0⟧!');
  });

  test('through core’s memory-aware translation: nothing sent, the use counted on the imported unit', async () => {
    const base = await imported();
    const masked = maskPlaceholders('Привет, {name}!', CODE);
    const sent: string[][] = [];
    const result = await translateWithMemory(
      [masked.text],
      PAIR,
      await TypedFormMemory.over(base, [masked], CODE),
      (texts) => {
        sent.push(texts);
        return Promise.resolve(texts.map(() => '?'));
      },
      () => undefined,
    );
    expect(sent).toEqual([]);
    expect(unmaskPlaceholders(result.translations[0] ?? '', masked)).toBe('Сэлам, {name}!');
    // The use is the imported unit's: its characters saved show in the memory's statistics.
    expect((await base.stats()).savedCharacters).toBe('Привет, {name}!'.length + 'Сэлам, {name}!'.length);
  });
});

describe('Translate File’s run answers an imported unit with no request', () => {
  const service = useSandbox();
  const json = formatFor('ru.json') as FileFormat;

  test('a JSON file holding the imported sentence: no request, the translation with its placeholder', async () => {
    const source = JSON.stringify({ hello: 'Привет, {name}!', mail: 'У вас %s новых писем' }, null, 2);
    const calls = async () =>
      (await service.calls('batch')).length + (await service.calls('translate')).length + (await service.calls('detect')).length;
    const before = await calls();
    const outcome: FileRunOutcome = await runFileTranslation(
      {
        client: () => Promise.resolve(service.client()),
        detectSource: () => Promise.resolve(undefined),
        memory: await imported(),
        progress: (_pending, task) => task(() => undefined, new AbortController().signal),
        spend: () => undefined,
      },
      {
        format: json,
        sourceText: source,
        units: json.units(source),
        previousText: undefined,
        remembered: {},
        target: 'kbd',
        source: undefined,
      },
    );
    if (outcome.kind !== 'done') throw new Error(outcome.kind);
    expect(JSON.parse(outcome.output)).toEqual({ hello: 'Сэлам, {name}!', mail: 'Тхылъ щӀэ %s фиӀэщ' });
    expect(outcome.sent).toBe(0);
    // No source language given: the memory named it too, so not even a detect call was made.
    expect(await calls()).toBe(before);
  });
});
