import { serviceFacts } from '@circassian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vectors from '../../../shared/vectors/palochka.json' with { type: 'json' };
import { TestService } from './helpers.js';

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await TestService.start();
  key = await service.newKey();
});
afterAll(() => service.close());

describe('palochka normalisation before the engines', () => {
  // Same source and target: the pseudo-translation returns its input, so the answer shows exactly
  // what normalisation made of the text the client sent.
  it('turns every shared vector into its expected text, in one batch per 50 vectors', async () => {
    const cases = vectors.filter((vector) => vector.input.length > 0);
    const size = serviceFacts.limits.batchMaxTexts;
    for (let start = 0; start < cases.length; start += size) {
      const chunk = cases.slice(start, start + size);
      const result = await service.call('/v1/translate/batch', {
        key,
        body: { texts: chunk.map((vector) => vector.input), source_lang: 'kbd', target_lang: 'kbd' },
      });
      expect(result.status).toBe(200);
      const { translations } = result.json as { translations: string[] };
      chunk.forEach((vector, i) => expect(translations[i], vector.why).toBe(vector.expected));
    }
  });
});
