import { readWavInfo } from '@circassian/core/wav';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHARACTERS_PER_SECOND,
  MIN_DURATION_SECONDS,
  SAMPLE_RATE,
  speechDurationSeconds,
  synthesizeSpeech,
  type SynthesisRequest,
} from '../../src/engines/speech.js';

const request = (overrides: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: 'Уи махуэ фӀыуэ!',
  language: 'kbd',
  voice: 'male',
  speed: 1,
  usesReferenceAudio: false,
  ...overrides,
});

function samplesOf(wav: Uint8Array): Int16Array {
  const info = readWavInfo(wav);
  const view = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, info.dataLength);
  return Int16Array.from({ length: info.dataLength / 2 }, (_, i) => view.getInt16(i * 2, true));
}

/** Upward zero crossings per second over a stretch of samples: the tone's frequency. */
function frequencyOf(samples: Int16Array, from: number, to: number): number {
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if ((samples[i - 1] as number) < 0 && (samples[i] as number) >= 0) crossings += 1;
  return (crossings * SAMPLE_RATE) / (to - from);
}

describe('synthesizeSpeech', () => {
  it('writes a mono 16-bit PCM WAV at the documented rate', () => {
    const { wav, durationSeconds } = synthesizeSpeech(request());
    expect(readWavInfo(wav)).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16, sampleRate: SAMPLE_RATE, durationSeconds });
  });

  it('lasts one slot of 1 / (15 x speed) seconds per character, and says so', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 400 }), fc.double({ min: 0.21, max: 2, noNaN: true }), (text, speed) => {
        const { wav, durationSeconds } = synthesizeSpeech(request({ text, speed }));
        const characters = [...text].length;
        const expected = Math.max(MIN_DURATION_SECONDS, characters / (CHARACTERS_PER_SECOND * speed));
        expect(durationSeconds).toBeCloseTo(expected, 3);
        expect(readWavInfo(wav).durationSeconds).toBe(durationSeconds);
        expect(speechDurationSeconds(text, speed)).toBe(durationSeconds);
      }),
    );
  });

  it('speaks twice as long at half the speed', () => {
    const text = 'Адыгэбзэ '.repeat(20);
    expect(synthesizeSpeech(request({ text, speed: 0.5 })).durationSeconds).toBe(
      2 * synthesizeSpeech(request({ text, speed: 1 })).durationSeconds,
    );
  });

  it('never lasts less than the minimum, even for one character', () => {
    expect(speechDurationSeconds('a', 2)).toBe(MIN_DURATION_SECONDS);
    expect(synthesizeSpeech(request({ text: '.', speed: 2 })).durationSeconds).toBe(MIN_DURATION_SECONDS);
  });

  it('sounds a tone over words and is silent over spaces and punctuation', () => {
    const text = 'ab  cd..';
    const samples = samplesOf(synthesizeSpeech(request({ text, speed: 0.5 })).wav);
    const slot = samples.length / text.length;
    const loudest = (from: number, to: number) =>
      samples.subarray(Math.round(from * slot), Math.round(to * slot)).reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(loudest(0, 2)).toBeGreaterThan(5000);
    expect(loudest(2, 4)).toBe(0);
    expect(loudest(4, 6)).toBeGreaterThan(5000);
    expect(loudest(6, 8)).toBe(0);
  });

  it('fades each word in from silence, so there is no click', () => {
    const samples = samplesOf(synthesizeSpeech(request({ text: 'word', speed: 1 })).wav);
    expect(Math.abs(samples[0] as number)).toBe(0);
    expect(Math.abs(samples[1] as number)).toBeLessThan(100);
  });

  it('speaks a female voice higher than a male one', () => {
    const text = 'махуэ махуэ махуэ';
    const male = samplesOf(synthesizeSpeech(request({ text, voice: 'male' })).wav);
    const female = samplesOf(synthesizeSpeech(request({ text, voice: 'female' })).wav);
    const word = Math.round(male.length * (5 / text.length));
    const maleHz = frequencyOf(male, 0, word);
    const femaleHz = frequencyOf(female, 0, word);
    expect(maleHz).toBeGreaterThan(170);
    expect(maleHz).toBeLessThan(230);
    expect(femaleHz).toBeGreaterThan(300);
    expect(femaleHz).toBeLessThan(360);
  });

  it('refuses a speed that is not a positive number instead of allocating without end', () => {
    for (const speed of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => synthesizeSpeech(request({ speed }))).toThrow(RangeError);
      expect(() => speechDurationSeconds('text', speed)).toThrow(RangeError);
    }
  });

  it('gives the same bytes for the same request', () => {
    expect(synthesizeSpeech(request({ voice: 'female', speed: 0.85 })).wav).toEqual(
      synthesizeSpeech(request({ voice: 'female', speed: 0.85 })).wav,
    );
  });

  it('handles the longest text the service accepts at the slowest speed', () => {
    const text = 'Уи махуэ фӀыуэ! '.repeat(1250);
    const { wav, durationSeconds } = synthesizeSpeech(request({ text, speed: 0.21 }));
    expect(durationSeconds).toBeCloseTo(20_000 / (CHARACTERS_PER_SECOND * 0.21), 3);
    expect(readWavInfo(wav).dataLength).toBe(Math.round(durationSeconds * SAMPLE_RATE) * 2);
  });
});
