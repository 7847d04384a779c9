import fc from 'fast-check';
import webvtt from 'webvtt-parser';
import { describe, expect, it } from 'vitest';
import { speechTimings } from '../src/speech/timings.js';
import { toWebVtt } from '../src/speech/webvtt.js';

// A CommonJS package: Node's ESM sees its exports only through the default import.
const { WebVTTParser } = webvtt;

/** Parts of 1-4 sentences (or one sentence continued over 1-3 parts), each with a duration. */
const layouts = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('group' as const),
      texts: fc.array(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 4 }),
      seconds: fc.double({ min: 0, max: 30, noNaN: true }),
    }),
    fc.record({
      kind: fc.constant('long' as const),
      text: fc.string({ minLength: 1, maxLength: 40 }),
      seconds: fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { minLength: 1, maxLength: 3 }),
    }),
  ),
  { minLength: 1, maxLength: 30 },
);

describe('speechTimings', () => {
  it('never lets a sentence leave its part, and ends exactly where the audio ends (property)', () => {
    fc.assert(
      fc.property(layouts, (layout) => {
        const sentences: { text: string }[] = [];
        const parts: { key: string; first: number; last: number; durationSeconds: number }[] = [];
        const owner: number[][] = [];
        for (const item of layout) {
          if (item.kind === 'group') {
            const first = sentences.length;
            sentences.push(...item.texts.map((text) => ({ text })));
            for (let i = first; i < sentences.length; i++) owner[i] = [parts.length];
            parts.push({ key: `k${parts.length}`, first, last: sentences.length - 1, durationSeconds: item.seconds });
          } else {
            const index = sentences.length;
            sentences.push({ text: item.text });
            owner[index] = [];
            for (const seconds of item.seconds) {
              owner[index]?.push(parts.length);
              parts.push({ key: `k${parts.length}`, first: index, last: index, durationSeconds: seconds });
            }
          }
        }
        const timings = speechTimings(sentences, parts);
        const total = parts.reduce((sum, part) => sum + part.durationSeconds, 0);
        expect(Math.abs(timings.duration - total)).toBeLessThanOrEqual(0.0005 + 1e-9);
        expect(timings.parts[timings.parts.length - 1]?.end).toBe(timings.duration);
        timings.sentences.forEach((sentence, index) => {
          const held = (owner[index] ?? []).map((p) => timings.parts[p]!);
          expect(sentence.start).toBeGreaterThanOrEqual(held[0]!.start);
          expect(sentence.end).toBeLessThanOrEqual(held[held.length - 1]!.end);
          expect(sentence.end).toBeGreaterThanOrEqual(sentence.start);
          // Consecutive sentences share their boundary.
          if (index > 0) expect(sentence.start).toBe(timings.sentences[index - 1]!.end);
        });
      }),
    );
  });

  it('refuses parts that skip a sentence or hold them out of order', () => {
    const sentences = [{ text: 'A.' }, { text: 'B.' }, { text: 'C.' }];
    expect(() =>
      speechTimings(sentences, [
        { key: 'a', first: 0, last: 0, durationSeconds: 1 },
        { key: 'c', first: 2, last: 2, durationSeconds: 1 },
      ]),
    ).toThrow(/in order/);
    expect(() => speechTimings(sentences, [{ key: 'a', first: 0, last: 1, durationSeconds: 1 }])).toThrow(/hold 2 sentences of 3/);
    expect(() => speechTimings(sentences.slice(0, 1), [{ key: 'a', first: 0, last: 0, durationSeconds: Number.NaN }])).toThrow(/finite/);
  });
});

describe('toWebVtt', () => {
  it('writes a file an independent WebVTT parser (webvtt-parser, strict) reads without an error, cue for cue', () => {
    const texts = ['Уи пщэддджыжь фӀыуэ.', 'A <b>bold</b> & "quoted" --> arrow.', 'Ар кӀуащ?', '😀 Smile.'];
    const timings = speechTimings(
      texts.map((text) => ({ text })),
      [
        { key: 'a', first: 0, last: 0, durationSeconds: 1.2345 },
        { key: 'b', first: 1, last: 2, durationSeconds: 3725.1 },
        { key: 'c', first: 3, last: 3, durationSeconds: 0.5 },
      ],
    );
    const parsed = new WebVTTParser().parse(toWebVtt(timings), 'metadata');
    expect(parsed.errors).toEqual([]);
    const ms = (seconds: number) => Math.round(seconds * 1000);
    expect(parsed.cues.map((cue) => [cue.id, ms(cue.startTime), ms(cue.endTime), cue.text])).toEqual(
      timings.sentences.map((sentence, index) => [
        String(index + 1),
        ms(sentence.start),
        ms(sentence.end),
        sentence.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
      ]),
    );
    // Nothing in a cue's text is taken for a tag: each cue is one text node.
    for (const cue of parsed.cues) expect(cue.tree.children.map((node) => node.type)).toEqual(['text']);
  });

  it('writes an empty transcript as a valid file with no cue', () => {
    const parsed = new WebVTTParser().parse(toWebVtt({ sentences: [] }), 'metadata');
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues).toEqual([]);
  });
});
