// The client's glossary option against the real local service: what reached it is read from its call log.
import { pseudoTranslate, useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { ClientValidationError, Glossary, InMemoryTranslationMemory, memoryUnitProblems } from '../src/index.js';

const GLOSSARY = new Glossary([
  { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Нальчик', target: '', stem: true },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Коков', target: '' },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'translate', source: 'обновление', target: 'зэхъуэкӀыныгъэ' },
  { sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: '', target: 'апдейт', stem: true },
]);
const RU_KBD = { source_lang: 'ru', target_lang: 'kbd' } as const;

describe('translate and translateBatch with a glossary', () => {
  const service = useSandbox({ limits: { requests_per_minute: 10_000 } });

  /** The texts the key's batch requests carried since the `from`th. */
  async function sentTexts(from: number): Promise<string[]> {
    return (await service.calls('batch')).slice(from).flatMap((call) => (call.content?.request as { texts: string[] }).texts);
  }
  const callCount = async () => (await service.calls('batch')).length;

  it('never sends a keep term as text, and puts the agreed terms back in the answer', async () => {
    const client = service.client();
    const before = await callCount();
    const texts = ['Коков живёт в Нальчике.', 'Обновление вышло в Нальчике', 'Без терминов'];
    const result = await client.translateBatch({ texts, ...RU_KBD }, { glossary: GLOSSARY });
    const sent = await sentTexts(before);
    expect(sent).toEqual(['<x1/> живёт в <x2/>.', '<x1/> вышло в <x2/>', 'Без терминов']);
    for (const text of sent) expect(text).not.toMatch(/Нальчик|Коков|бновление/u);
    // The local service pseudo-translates around the markers; the terms come back as agreed.
    expect(result.translations).toEqual([
      pseudoTranslate('<x1/> живёт в <x2/>.', 'ru', 'kbd').replace('<x1/>', 'Коков').replace('<x2/>', 'Нальчик'),
      pseudoTranslate('<x1/> вышло в <x2/>', 'ru', 'kbd').replace('<x1/>', 'ЗэхъуэкӀыныгъэ').replace('<x2/>', 'Нальчик'),
      pseudoTranslate('Без терминов', 'ru', 'kbd'),
    ]);
    expect(result.glossary).toEqual({ protectedTerms: 4, lostTerms: 0, problems: [[], [], []] });

    const one = await client.translate({ text: 'Нальчик', ...RU_KBD }, { glossary: GLOSSARY });
    expect((await service.calls('translate')).at(-1)?.content?.request).toEqual({ text: '<x1/>', ...RU_KBD });
    expect(one).toMatchObject({ text: '[kbd] Нальчик', glossary: { protectedTerms: 1, problems: [[]] } });
  });

  it('a marker the service drops is reported: the term is lost and the check says it is missing', async () => {
    const client = service.client();
    await service.admin.injectFault({ operation: 'batch', markers: 'drop', count: 1 });
    const result = await client.translateBatch({ texts: ['Коков пришёл'], ...RU_KBD }, { glossary: GLOSSARY });
    expect(result.translations).toEqual([pseudoTranslate(' пришёл', 'ru', 'kbd')]);
    expect(result.glossary?.lostTerms).toBe(1);
    expect(result.glossary?.problems[0]).toMatchObject([{ kind: 'missing', entry: { source: 'Коков' }, sourceStart: 0, sourceEnd: 5 }]);
  });

  it('flags a forbidden word in any answer, and a human memory unit that contradicts the glossary', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Вышло обновление', target: 'Апдейтыр къыдэкӀащ', origin: 'human' },
    ]);
    const before = await callCount();
    const result = await client.translateBatch({ texts: ['Вышло обновление'], ...RU_KBD }, { glossary: GLOSSARY, memory });
    expect(await callCount()).toBe(before);
    expect(result.translations).toEqual(['Апдейтыр къыдэкӀащ']);
    expect(result.glossary?.problems[0]?.map((problem) => problem.kind)).toEqual(['missing', 'forbidden']);
  });

  it('does not reuse a machine memory unit the glossary contradicts: it is sent again with the glossary and replaced', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Нальчик', target: 'Налшык', origin: 'machine' },
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Привет', target: 'Сэлам', origin: 'machine' },
    ]);
    const [contradicting] = await memory.lookup({ source: 'ru', target: 'kbd' }, ['Нальчик']);
    expect(memoryUnitProblems(GLOSSARY, contradicting ?? { sourceLang: 'ru', targetLang: 'kbd', source: '', target: '' })).toHaveLength(1);
    const before = await callCount();
    const result = await client.translateBatch({ texts: ['Нальчик', 'Привет'], ...RU_KBD }, { glossary: GLOSSARY, memory });
    expect(await sentTexts(before)).toEqual(['<x1/>']);
    expect(result.translations).toEqual(['[kbd] Нальчик', 'Сэлам']);
    expect(result.memory).toMatchObject({ hits: 1, stored: 1 });
    expect((await memory.lookup({ source: 'ru', target: 'kbd' }, ['Нальчик']))[0]?.target).toBe('[kbd] Нальчик');
  });

  it('hands answers on request by request with the terms restored (onAnswers)', async () => {
    const client = service.client();
    const handed: string[] = [];
    await client.translateBatch(
      { texts: ['Нальчик', 'Коков'], ...RU_KBD },
      { glossary: GLOSSARY, onAnswers: (answers) => void handed.push(...answers.values()) },
    );
    expect(handed).toEqual(['[kbd] Нальчик', '[kbd] Коков']);
  });

  it('needs source_lang: a keep term must not be sent as text for the service to detect the language', async () => {
    const client = service.client();
    const before = await callCount();
    await expect(client.translate({ text: 'Нальчик', target_lang: 'kbd' }, { glossary: GLOSSARY })).rejects.toThrow(ClientValidationError);
    await expect(client.translateBatch({ texts: ['Нальчик'], target_lang: 'kbd' }, { glossary: GLOSSARY })).rejects.toThrow(
      ClientValidationError,
    );
    expect(await callCount()).toBe(before);
  });
});
