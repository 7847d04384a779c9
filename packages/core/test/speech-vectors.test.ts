// The speech memory's rules against shared/vectors/speech.json, the cases every host is held to.
import { describe, expect, it } from 'vitest';
import vectors from './speech-vectors.json' with { type: 'json' };
import { splitSentences } from '../src/speech/sentences.js';
import { speechKey, speechKeyFields, type SpeechVoice } from '../src/speech/speech-key.js';
import { speechTimings } from '../src/speech/timings.js';
import { toWebVtt } from '../src/speech/webvtt.js';

describe('sentence vectors (shared/vectors/speech.json, sentences)', () => {
  it.each(vectors.sentences)('$why', ({ text, sentences }) => {
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual(sentences);
  });
});

describe('speech key vectors (shared/vectors/speech.json, keys)', () => {
  it.each(vectors.keys)('$why', ({ text, voice, fields, key }) => {
    expect(speechKeyFields(text, voice as SpeechVoice)).toEqual(fields);
    expect(speechKey(text, voice as SpeechVoice)).toBe(key);
  });

  it('holds cases that share a key and cases that do not', () => {
    const distinct = new Set(vectors.keys.map((vector) => vector.key));
    expect(distinct.size).toBeGreaterThan(8);
    expect(distinct.size).toBeLessThan(vectors.keys.length);
  });
});

describe('timing vectors (shared/vectors/speech.json, timings)', () => {
  it.each(vectors.timings)('$why', ({ sentences, parts, expected }) => {
    const timings = speechTimings(
      sentences.map((text) => ({ text })),
      parts.map((part, index) => ({ ...part, key: `part-${index}` })),
    );
    expect(timings.duration).toBe(expected.duration);
    expect(timings.sentences.map((sentence) => [sentence.start, sentence.end])).toEqual(expected.sentences);
    expect(timings.parts.map((part) => [part.start, part.end])).toEqual(expected.parts);
    expect(timings.sentences.map((sentence) => sentence.text)).toEqual(sentences);
  });
});

describe('WebVTT vectors (shared/vectors/speech.json, webvtt)', () => {
  it.each(vectors.webvtt)('$why', ({ sentences, file }) => {
    expect(toWebVtt({ sentences })).toBe(file);
  });
});
