// The workspace glossary in VS Code's own code, without VS Code (issue 36): Translate File's run
// against the local service's call log (keep terms never travel as text and come back as they are,
// translate-as terms come back agreed, a machine unit of the memory the glossary contradicts is sent
// again, the glossary names the source before a detect call would send its terms), the source a
// glossary names, and the term findings the Problems panel shows.
import { Glossary, InMemoryTranslationMemory, type GlossaryEntry } from '@circassian/core';
import { useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, test } from 'vitest';
import { sourceFromGlossary } from '../src/glossary/glossary-source';
import { formatFor, type FileFormat } from '../src/logic/file-formats';
import { forbiddenFindings, missingTermFindings } from '../src/logic/term-findings';
import { runFileTranslation, type FileRunOutcome, type FileRunResult } from '../src/translate/file-run';

const entry = (type: GlossaryEntry['type'], source: string, target: string, more: Partial<GlossaryEntry> = {}): GlossaryEntry => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  type,
  source,
  target,
  ...more,
});

// "Коков" is a surname: the local service's pseudo-translation into kbd writes its о as уэ, so a
// surname it was sent would come back "Куэкуэв"; "обновление" would come back "уэбнуэвление".
const glossary = new Glossary([
  entry('keep', 'Нальчик', 'Нальчик'),
  entry('keep', 'Коков', 'Коков'),
  entry('translate', 'обновление', 'зэхъуэкӀыныгъэ'),
  entry('forbidden', 'обновление', 'апдейт'),
]);

describe('Translate File’s run with the workspace glossary, against the local service', () => {
  const service = useSandbox({ limits: { requests_per_minute: 10_000 } });
  const json = formatFor('ru.json') as FileFormat;
  const source = JSON.stringify(
    { city: 'Нальчик — столица, {n} жителей', mayor: 'Глава Коков открыл сайт', news: 'Вышло обновление' },
    null,
    2,
  );

  function run(options: { memory?: InMemoryTranslationMemory; source?: string; detect?: () => Promise<string | undefined> } = {}) {
    return runFileTranslation(
      {
        client: () => Promise.resolve(service.client()),
        detectSource: options.detect ?? (() => Promise.resolve(undefined)),
        memory: options.memory,
        glossary,
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
        source: options.source,
      },
    );
  }

  function done(outcome: FileRunOutcome): FileRunResult {
    if (outcome.kind !== 'done') throw new Error(outcome.kind);
    return outcome;
  }

  async function sentTexts(since: number): Promise<string[]> {
    const calls = await service.calls('batch');
    return calls.slice(since).flatMap((call) => (call.content?.request as { texts: string[] }).texts);
  }

  test('keep terms ("Нальчик", the surname "Коков") are in no request’s text and come back unchanged; "обновление" comes back as the agreed term', async () => {
    const before = (await service.calls('batch')).length;
    const result = done(await run({ source: 'ru' }));
    const sent = await sentTexts(before);
    expect(sent.length).toBe(3);
    for (const text of sent) {
      expect(text).not.toMatch(/Нальчик|Коков|обновление/);
      expect(text).toMatch(/<x\d+\/>/);
    }
    const output = JSON.parse(result.output) as Record<string, string>;
    expect(output.city).toBe('[kbd] Нальчик — стуэлица, {n} жителей');
    expect(output.mayor).toBe('[kbd] Глава Коков уэткрыл сайт');
    expect(output.news).toBe('[kbd] Вышлуэ зэхъуэкӀыныгъэ');
  });

  test('with no source language given, the glossary names Russian: no detect call, the terms still never sent as text', async () => {
    const before = (await service.calls('batch')).length;
    const result = done(
      await run({
        detect: () => Promise.reject(new Error('a detect call would send the keep terms as text')),
      }),
    );
    expect(result.source).toBe('ru');
    for (const text of await sentTexts(before)) expect(text).not.toMatch(/Нальчик|Коков/);
  });

  test('a machine unit of the memory the glossary contradicts is sent again and replaced; a clean one is reused', async () => {
    const memory = new InMemoryTranslationMemory();
    await memory.store([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Вышло обновление', target: 'Апдейт къыдэкӀащ', origin: 'machine' },
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Глава Коков открыл сайт', target: 'Коков сайтыр къызэӀуихащ', origin: 'machine' },
    ]);
    const before = (await service.calls('batch')).length;
    const output = JSON.parse(done(await run({ memory, source: 'ru' })).output) as Record<string, string>;
    const sent = await sentTexts(before);
    expect(sent).toHaveLength(2);
    expect(sent.some((text) => text.startsWith('Вышло'))).toBe(true);
    expect(output.news).toBe('[kbd] Вышлуэ зэхъуэкӀыныгъэ');
    expect(output.mayor).toBe('Коков сайтыр къызэӀуихащ');
  });
});

test('the source a glossary names: the one pair into the target whose terms the texts hold, else none', () => {
  expect(sourceFromGlossary(glossary, 'kbd', ['Я живу в Нальчике? нет: Нальчик'])).toBe('ru');
  expect(sourceFromGlossary(glossary, 'kbd', ['Good morning'])).toBeUndefined();
  expect(sourceFromGlossary(glossary, 'ady', ['Нальчик'])).toBeUndefined();
  const two = new Glossary([...glossary.entries, { ...entry('keep', 'Nalchik', 'Nalchik'), sourceLang: 'en' }]);
  expect(sourceFromGlossary(two, 'kbd', ['Nalchik and Нальчик'])).toBeUndefined();
  expect(sourceFromGlossary(two, 'kbd', ['Nalchik'])).toBe('en');
});

test('a forbidden word is found with the agreed term to put in, written as the word was; one with no agreed term has no replacement', () => {
  const text = 'Апдейт къыдэкӀащ. ИтӀанэ апдейт нэгъуэщӀ. Спам хэтщ.';
  const withSpam = new Glossary([...glossary.entries, entry('forbidden', '', 'спам')]);
  const findings = forbiddenFindings(withSpam, 'kbd', text);
  expect(
    findings.map((finding) => [text.slice(finding.range.start, finding.range.end), finding.kind === 'forbidden' && finding.replacement]),
  ).toEqual([
    ['Апдейт', 'ЗэхъуэкӀыныгъэ'],
    ['апдейт', 'зэхъуэкӀыныгъэ'],
    ['Спам', undefined],
  ]);
  expect(forbiddenFindings(withSpam, 'ady', text)).toEqual([]);
});

test('a translated entry lacking an agreed term is a finding on that entry; an inflected agreed term counts as present', () => {
  const findings = missingTermFindings(glossary, { source: 'ru', target: 'kbd' }, [
    { source: 'Вышло обновление', translation: 'Апдейт къыдэкӀащ', range: { start: 10, end: 26 } },
    { source: 'Новые обновление', translation: 'ЗэхъуэкӀыныгъэхэр щӀэщ', range: { start: 30, end: 48 } },
    { source: 'Нальчик — столица', translation: 'Налшык къалащхьэщ', range: { start: 50, end: 66 } },
  ]);
  expect(findings.map((finding) => [finding.kind, finding.found, finding.range.start])).toEqual([
    ['missing', 'обновление', 10],
    ['missing', 'Нальчик', 50],
  ]);
});
