// translateBatch plans a batch once (issue 34): with onAnswers, core planned the requests itself
// and then sent each through the client's translateBatch, which planned it again (4 plans for
// 120 texts in 3 requests). Counted by wrapping the one planner every path uses.
import { useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, it, vi } from 'vitest';
import * as batchPlan from '../src/batch-plan.js';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';

vi.mock('../src/batch-plan.js', { spy: true });

describe('translateBatch', () => {
  const service = useSandbox({ limits: { requests_per_minute: 10_000 } });
  const texts = Array.from({ length: 120 }, (_, i) => `Строка номер ${i}`);
  const request = { texts, source_lang: 'ru' as const, target_lang: 'kbd' as const };

  it('plans once when it hands answers on request by request, and sends the planned requests as they are', async () => {
    const client = service.client();
    const before = (await service.calls('batch')).length;
    vi.mocked(batchPlan.planBatch).mockClear();
    const handed: number[] = [];
    const result = await client.translateBatch(request, {
      memory: new InMemoryTranslationMemory(),
      onAnswers: (answers, from) => {
        if (from === 'service') handed.push(answers.size);
      },
    });
    expect(batchPlan.planBatch).toHaveBeenCalledTimes(1);
    expect(handed).toEqual([40, 40, 40]);
    const sent = (await service.calls('batch')).slice(before).map((call) => (call.content?.request as { texts: string[] }).texts);
    expect(sent.flat().sort()).toEqual([...texts].sort());
    expect(result.translations).toHaveLength(120);
  });

  it('plans once without onAnswers, with or without a memory', async () => {
    const client = service.client();
    vi.mocked(batchPlan.planBatch).mockClear();
    await client.translateBatch(request, { memory: new InMemoryTranslationMemory() });
    await client.translateBatch(request);
    expect(batchPlan.planBatch).toHaveBeenCalledTimes(2);
  });
});
