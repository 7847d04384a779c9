// The chaos run's own checks (test/chaos/ledger.ts): a text bought twice is found in the call log
// whatever call carried it, and failed calls cost nothing.
import { describe, expect, it } from 'vitest';
import { boughtTwice, spread, type LoggedCall } from './ledger.js';

const batch = (target: string, texts: string[], outcome = 'ok'): LoggedCall => ({
  operation: 'batch',
  outcome,
  content: { request: { source_lang: 'ru', target_lang: target, texts } },
});

describe('boughtTwice', () => {
  it('finds a text answered twice for one language, across batch and translate calls', () => {
    const calls = [
      batch('kbd', ['Завтра дождь', 'Новости']),
      batch('ady', ['Завтра дождь']),
      { operation: 'translate', outcome: 'ok', content: { request: { target_lang: 'kbd', text: 'Завтра дождь' } } },
    ];
    expect(boughtTwice(calls)).toEqual([{ what: 'kbd Завтра дождь', times: 2 }]);
  });

  it('counts neither a refused call nor the same text in another language', () => {
    expect(boughtTwice([batch('kbd', ['Новости'], 'rate_limited'), batch('kbd', ['Новости']), batch('en', ['Новости'])])).toEqual([]);
  });

  it('finds speech voiced twice for one language', () => {
    const speech = (language: string): LoggedCall => ({
      operation: 'speech',
      outcome: 'ok',
      content: { request: { text: 'Сэлам', language } },
    });
    expect(boughtTwice([speech('kbd'), speech('ady'), speech('kbd')])).toEqual([{ what: 'speech kbd Сэлам', times: 2 }]);
  });
});

describe('spread', () => {
  it('gives p50, p95 and the largest, nearest rank', () => {
    expect(spread([5, 1, 4, 2, 3])).toEqual({ p50: 3, p95: 5, max: 5 });
    expect(spread([])).toBeUndefined();
  });
});
