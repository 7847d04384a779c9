import type { SpeechLanguage } from '@circassian/core';
import { createPcm16Wav } from '@circassian/core/wav';

export interface SynthesisRequest {
  readonly text: string;
  readonly language: SpeechLanguage;
  readonly voice: string;
  readonly speed: number;
  readonly instruct?: string | null | undefined;
  readonly usesReferenceAudio: boolean;
}

export interface SynthesisResult {
  readonly wav: Uint8Array;
  readonly durationSeconds: number;
}

/**
 * Synthetic speech: the sandbox's stand-in for the speech model, plainly not a voice.
 *
 * - Format: WAV, PCM, mono, 16-bit, `SAMPLE_RATE` (16 kHz, the usual rate for speech).
 * - Length: every character (Unicode code point) of the text gets an equal time slot of
 *   1 / (`CHARACTERS_PER_SECOND` x speed) seconds, i.e. about 15 characters a second at speed 1.0,
 *   the pace of ordinary reading aloud; at least `MIN_DURATION_SECONDS`. Slot boundaries are
 *   rounded to whole samples, so the duration is exactly `speechDurationSeconds(text, speed)`.
 * - Content: each word (a run of letters, marks and digits) is a soft sine tone across its slots,
 *   with a short fade in and out; whitespace, punctuation and other symbols are silence. The tone's
 *   pitch is one of four steps chosen by the word's letters (a stable stand-in for intonation), from
 *   about 180-220 Hz for the male voice and 310-350 Hz for the female one; any other voice id speaks
 *   with the male pitch. Language, `instruct` and reference audio change nothing: there is no model to
 *   steer, and the service accepts them.
 * Same request, same bytes.
 */
export const SAMPLE_RATE = 16_000;
export const CHARACTERS_PER_SECOND = 15;
export const MIN_DURATION_SECONDS = 0.25;

/** Seconds of audio `synthesizeSpeech` produces for this text and speed (the speech quota counts them). */
export function speechDurationSeconds(text: string, speed: number): number {
  return sampleCount(codePointCount(text), speed) / SAMPLE_RATE;
}

export function synthesizeSpeech(request: SynthesisRequest): SynthesisResult {
  const characters = Array.from(request.text);
  // Written in place inside the WAV: the longest jobs are hundreds of megabytes.
  const wav = createPcm16Wav(sampleCount(characters.length, request.speed), SAMPLE_RATE);
  const samples = wav.samples;
  const periods = request.voice === 'female' ? FEMALE_PERIODS : MALE_PERIODS;
  const samplesPerCharacter = samplesPerCharacterAt(request.speed);
  let wordStart = -1;
  let wordPitch = 0;
  for (let i = 0; i <= characters.length; i++) {
    const character = characters[i];
    const sounding = character !== undefined && SOUNDING.test(character);
    if (sounding) {
      if (wordStart < 0) wordStart = i;
      wordPitch += character.codePointAt(0) ?? 0;
    } else if (wordStart >= 0) {
      const from = Math.round(wordStart * samplesPerCharacter);
      const to = Math.min(samples.length, Math.round(i * samplesPerCharacter));
      writeTone(samples, from, to, periodTable(periods[wordPitch % periods.length] as number));
      wordStart = -1;
      wordPitch = 0;
    }
  }
  return { wav: wav.finish(), durationSeconds: samples.length / SAMPLE_RATE };
}

// Periods in whole samples, so one precomputed cycle tiles a word without drift:
// 16000 / 88 = 182 Hz ... 16000 / 72 = 222 Hz; 16000 / 52 = 308 Hz ... 16000 / 46 = 348 Hz.
const MALE_PERIODS = [80, 88, 76, 72] as const;
const FEMALE_PERIODS = [50, 52, 48, 46] as const;
const AMPLITUDE = 0.3 * 32_767;
const FADE_SAMPLES = Math.round(SAMPLE_RATE * 0.01);
const SOUNDING = /[\p{L}\p{M}\p{N}]/u;

function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function samplesPerCharacterAt(speed: number): number {
  return SAMPLE_RATE / (CHARACTERS_PER_SECOND * speed);
}

function sampleCount(characters: number, speed: number): number {
  return Math.max(Math.round(MIN_DURATION_SECONDS * SAMPLE_RATE), Math.round(characters * samplesPerCharacterAt(speed)));
}

const cycles = new Map<number, Int16Array>();

/** One cycle of the tone with this period in samples (a handful of periods exist, so the cache is bounded). */
function periodTable(period: number): Int16Array {
  let cycle = cycles.get(period);
  if (!cycle) {
    cycle = Int16Array.from({ length: period }, (_, i) => Math.round(AMPLITUDE * Math.sin((2 * Math.PI * i) / period)));
    cycles.set(period, cycle);
  }
  return cycle;
}

/**
 * Fills samples[from, to) with the cycle repeated, by doubling copies rather than per-sample work
 * (20 000 characters at a slow speed is tens of millions of samples), then fades both ends in place.
 */
function writeTone(samples: Int16Array, from: number, to: number, cycle: Int16Array): void {
  if (to <= from) return;
  samples.set(cycle.subarray(0, Math.min(cycle.length, to - from)), from);
  for (let filled = cycle.length; from + filled < to; filled *= 2) {
    samples.copyWithin(from + filled, from, Math.min(from + filled, to - filled));
  }
  const fade = Math.min(FADE_SAMPLES, Math.floor((to - from) / 2));
  for (let i = 0; i < fade; i++) {
    const gain = i / fade;
    samples[from + i] = Math.round((samples[from + i] as number) * gain);
    samples[to - 1 - i] = Math.round((samples[to - 1 - i] as number) * gain);
  }
}
