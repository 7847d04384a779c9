// An entry's fields voiced one by one and joined: a pause of silence between fields, and the timings
// of each field moved along by what precedes it.
import { speechTimings } from '@circassian/core';
import { encodeWav, readWavInfo } from '@circassian/core/wav';
import { describe, expect, it } from 'vitest';
import { joinVoicedFields, PAUSE_BETWEEN_FIELDS_SECONDS, silenceLike } from '../server/src/utils/joined-fields';

const RATE = 16_000;
/** A voiced field of these sentences, each `seconds` long, of a constant non-zero sample. */
function field(sentences: string[], seconds: number) {
  const samples = new Int16Array(Math.round(seconds * RATE) * sentences.length).fill(1000);
  const timings = speechTimings(
    sentences.map((text) => ({ text })),
    sentences.map((text, index) => ({ key: `key-${text}`, first: index, last: index, durationSeconds: seconds })),
  );
  return { audio: encodeWav(samples, RATE), durationSeconds: seconds * sentences.length, timings };
}

describe('joinVoicedFields', () => {
  it("puts a pause between the title and the body, and moves the body's timings by the title and the pause", () => {
    const joined = joinVoicedFields([field(['Заголовок.'], 1), field(['Первое.', 'Второе.'], 0.5)]);
    expect(joined.durationSeconds).toBeCloseTo(1 + PAUSE_BETWEEN_FIELDS_SECONDS + 1, 6);
    expect(joined.timings.sentences).toEqual([
      { text: 'Заголовок.', start: 0, end: 1 },
      { text: 'Первое.', start: 1.8, end: 2.3 },
      { text: 'Второе.', start: 2.3, end: 2.8 },
    ]);
    expect(joined.timings.parts.map(({ first, last, start }) => ({ first, last, start }))).toEqual([
      { first: 0, last: 0, start: 0 },
      { first: 1, last: 1, start: 1.8 },
      { first: 2, last: 2, start: 2.3 },
    ]);
    expect(joined.timings.duration).toBe(2.8);
    // The samples between the title's end and the body's start are silence; the fields' are not.
    const info = readWavInfo(joined.audio);
    const samples = new Int16Array(joined.audio.buffer.slice(info.dataOffset, info.dataOffset + info.dataLength));
    expect(samples.subarray(RATE, RATE * 1.8).every((sample) => sample === 0)).toBe(true);
    expect(samples[RATE - 1]).toBe(1000);
    expect(samples[RATE * 1.8]).toBe(1000);
  });

  it('adds no pause to a single field', () => {
    const joined = joinVoicedFields([field(['Одно.', 'Два.'], 0.5)]);
    expect(joined.durationSeconds).toBe(1);
    expect(joined.timings.sentences.map((sentence) => sentence.end)).toEqual([0.5, 1]);
  });

  it('writes silence in the format of the audio it goes with', () => {
    const other = encodeWav(new Int16Array(10), 22_050);
    const silence = readWavInfo(silenceLike(other, 0.5));
    expect(silence).toMatchObject({ sampleRate: 22_050, channels: 1, bitsPerSample: 16, durationSeconds: 0.5 });
  });
});
