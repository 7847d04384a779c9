import type { SpeechLanguage } from '@circassian/core';
import { encodeWav } from '@circassian/core/wav';

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

const SAMPLE_RATE = 16_000;

/** Interim: replaced by the engines work. Seconds of audio the text yields at this speed. */
export function speechDurationSeconds(text: string, speed: number): number {
  return Math.max(0.25, Math.round((text.length / (15 * speed)) * 1000) / 1000);
}

export function synthesizeSpeech(request: SynthesisRequest): SynthesisResult {
  const durationSeconds = speechDurationSeconds(request.text, request.speed);
  const samples = new Int16Array(Math.round(durationSeconds * SAMPLE_RATE));
  return { wav: encodeWav(samples, SAMPLE_RATE), durationSeconds: samples.length / SAMPLE_RATE };
}
