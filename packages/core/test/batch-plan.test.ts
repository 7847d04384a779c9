import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound, planBatch, type BatchLimits } from '../src/batch-plan.js';
import { serviceFacts } from '../src/service-facts.js';
import vectorTable from './batch-plan-vectors.json' with { type: 'json' };

const limits: BatchLimits = { maxTexts: serviceFacts.limits.batchMaxTexts, maxChars: serviceFacts.limits.batchMaxChars };
/** A stand-in translation that shows which text it came from. */
const fakeTranslate = (text: string) => `<${text}>`;
const translateAll = (plan: ReturnType<typeof planBatch>) => plan.requests.map((r) => r.texts.map(fakeTranslate));

function expectWithinLimits(plan: ReturnType<typeof planBatch>, l: BatchLimits) {
  for (const request of plan.requests) {
    expect(request.texts.length).toBeGreaterThan(0);
    expect(request.texts.length).toBeLessThanOrEqual(l.maxTexts);
    expect(request.texts.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(l.maxChars);
  }
}

describe('batch packing', () => {
  it('sends a repeated text once and answers every occurrence', () => {
    const plan = planBatch(['a', 'b', 'a', 'a'], limits);
    expect(plan.requests.flatMap((r) => r.texts)).toEqual(['a', 'b']);
    expect(plan.assemble(translateAll(plan))).toEqual(['<a>', '<b>', '<a>', '<a>']);
  });

  it('answers an empty text with an empty translation without sending it', () => {
    const plan = planBatch(['', 'x'], limits);
    expect(plan.requests.flatMap((r) => r.texts)).toEqual(['x']);
    expect(plan.assemble(translateAll(plan))).toEqual(['', '<x>']);
  });

  it('sends nothing for no texts', () => {
    const plan = planBatch([], limits);
    expect(plan.requests).toEqual([]);
    expect(plan.assemble([])).toEqual([]);
  });

  it('splits an over-long text at sentences and re-joins its translated pieces with the original spacing', () => {
    const sentence = 'Дыгъэр къыщіэкіащ. ';
    const long = sentence.repeat(Math.ceil((limits.maxChars * 2.5) / sentence.length)).trim();
    const plan = planBatch([long, 'short'], limits);
    expectWithinLimits(plan, limits);
    expect(plan.segmentCount).toBe(4);
    const [translatedLong, translatedShort] = plan.assemble(plan.requests.map((r) => r.texts.map((t) => t)));
    expect(translatedLong).toBe(long);
    expect(translatedShort).toBe('short');
  });

  it('uses exactly max(ceil(n / maxTexts), ceil(chars / maxChars)) requests for 120 texts of 300 chars', () => {
    const texts = Array.from({ length: 120 }, (_, i) => `${i}`.padEnd(300, 'x'));
    expect(planBatch(texts, limits).requests.length).toBe(lowerBound(120, 120 * 300, limits));
  });

  it('refuses a translation count that does not match what was sent', () => {
    const plan = planBatch(['a', 'b'], limits);
    expect(() => plan.assemble([['only one']])).toThrow(/1 translations for 2 texts/);
  });

  const smallTexts = fc.array(fc.string({ maxLength: Math.floor(limits.maxChars / limits.maxTexts) }), { maxLength: 400 });

  it('accounts for every text, in order, and keeps every request within the limits (property)', () => {
    const anyTexts = fc.array(
      fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.constantFrom('repeat me', 'и ещё раз'),
        fc.string({ minLength: 2_000, maxLength: 9_000 }),
        fc.nat({ max: 3 }).map((n) => 'Сэ сыадыгэщ. '.repeat(1_000 + n * 700)),
      ),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(anyTexts, (texts) => {
        const plan = planBatch(texts, limits);
        expectWithinLimits(plan, limits);
        expect(plan.assemble(translateAll(plan)).length).toBe(texts.length);
        // With the identity translation every text comes back exactly where it was.
        expect(plan.assemble(plan.requests.map((r) => [...r.texts]))).toEqual(texts);
      }),
      { numRuns: 60 },
    );
  });

  it('reaches the lower bound whenever texts are small compared with the limits (property)', () => {
    fc.assert(
      fc.property(smallTexts, (texts) => {
        const plan = planBatch(texts, limits);
        expectWithinLimits(plan, limits);
        expect(plan.requests.length).toBe(lowerBound(plan.segmentCount, plan.charCount, limits));
      }),
    );
  });

  it('reaches the lower bound for mixed lengths when there is room to spare (property, small limits)', () => {
    const tiny: BatchLimits = { maxTexts: 5, maxChars: 100 };
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 60 }), (texts) => {
        const plan = planBatch(texts, tiny);
        expectWithinLimits(plan, tiny);
        const bound = lowerBound(plan.segmentCount, plan.charCount, tiny);
        // Largest-first into the emptiest request stays within one request of the bound.
        expect(plan.requests.length).toBeLessThanOrEqual(bound + 1);
      }),
    );
  });
});

describe('planBatch answers, request by request', () => {
  it('hands each text on once its request is in, and a split text only once all its pieces are', () => {
    const limits: BatchLimits = { maxTexts: 2, maxChars: 12 };
    const long = 'One two. Three four.';
    const plan = planBatch(['a', 'b', 'a', long], limits);
    const carriesPieceOfLong = (texts: readonly string[]) => texts.some((text) => text !== 'a' && text !== 'b');
    const lastWithLong = plan.requests.map((request) => carriesPieceOfLong(request.texts)).lastIndexOf(true);
    const answers = plan.answers();
    const handedOn: string[] = [];
    const seen = new Map<string, string>();
    plan.requests.forEach((request, r) => {
      const whole = answers.add(
        r,
        request.texts.map((t) => t.toUpperCase()),
      );
      expect(whole.has(long)).toBe(r === lastWithLong);
      for (const [text, translation] of whole) {
        handedOn.push(text);
        seen.set(text, translation);
      }
    });
    expect(handedOn.sort()).toEqual([long, 'a', 'b'].sort());
    expect(Object.fromEntries(seen)).toEqual({ a: 'A', b: 'B', [long]: long.toUpperCase() });
    expect(plan.assemble(plan.requests.map((request) => request.texts.map((t) => t.toUpperCase())))).toEqual([
      'A',
      'B',
      'A',
      long.toUpperCase(),
    ]);
  });

  it('counts characters as the service does, in code points', () => {
    const plan = planBatch(['😀😀', 'ab'], { maxTexts: 10, maxChars: 100 });
    expect(plan.charCount).toBe(4);
  });
});

/** A text of shared/vectors/batch-plan.json: a string, or parts joined (a string, or one written N times). */
type VectorText = string | (string | { repeat: string; times: number })[];
const vectors = vectorTable as { limits: BatchLimits; cases: { why: string; texts: VectorText[]; requests: VectorText[][] }[] };
const textOf = (text: VectorText): string =>
  typeof text === 'string' ? text : text.map((part) => (typeof part === 'string' ? part : part.repeat.repeat(part.times))).join('');

describe('batch plan vectors (shared/vectors/batch-plan.json)', () => {
  it('are planned with the service’s own limits', () => {
    expect(vectors.limits).toEqual(limits);
    expect(vectors.cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(vectors.cases.map((vector) => [vector.why, vector] as const))('%s', (_why, vector) => {
    const texts = vector.texts.map(textOf);
    const plan = planBatch(texts, vectors.limits);
    expect(plan.requests.map((request) => request.texts)).toEqual(vector.requests.map((request) => request.map(textOf)));
    for (const request of plan.requests) {
      expect(request.texts.length).toBeLessThanOrEqual(vectors.limits.maxTexts);
      expect(request.texts.reduce((sum, text) => sum + [...text].length, 0)).toBeLessThanOrEqual(vectors.limits.maxChars);
    }
    // Answered with themselves, the requests give back every text whole and in its place (split texts re-joined).
    expect(plan.assemble(plan.requests.map((request) => [...request.texts]))).toEqual(texts);
  });
});
