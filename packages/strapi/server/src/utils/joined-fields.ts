// An entry's audio is its read fields voiced one by one through the speech memory (title, then
// body...), joined with a pause between fields. The memory joins a field's sentences back to back,
// as the service reads them; between fields a listener needs to hear the title end before the body
// begins, which the one request of whole text gave through its blank line and per-sentence parts do
// not. The timings of every field are moved along by what precedes them, so they stay the entry's.
import { toMilliseconds, type SpeechTimings } from '@circassian/core';
import { concatWavs, readWavInfo } from '@circassian/core/wav';

/**
 * Silence between two read fields: longer than the pause a voice leaves between sentences (some
 * 0.3-0.5 s) so the title is heard as a heading, short enough not to sound like the end.
 */
export const PAUSE_BETWEEN_FIELDS_SECONDS = 0.8;

/** A voiced field: its WAV and its timings (core's VoicedText has both). */
export interface VoicedField {
  readonly audio: Uint8Array;
  readonly durationSeconds: number;
  readonly timings: SpeechTimings;
}

/** Silence as a WAV of `like`'s format (zero samples; 8-bit PCM's silence is its midpoint, 128). */
export function silenceLike(like: Uint8Array, seconds: number): Uint8Array {
  const info = readWavInfo(like);
  const frames = Math.round(seconds * info.sampleRate);
  const dataBytes = frames * info.blockAlign;
  const wav = new Uint8Array(info.dataOffset + dataBytes);
  wav.set(like.subarray(0, info.dataOffset));
  if (info.bitsPerSample === 8) wav.fill(128, info.dataOffset);
  const view = new DataView(wav.buffer);
  view.setUint32(4, wav.length - 8, true);
  view.setUint32(info.dataOffset - 4, dataBytes, true);
  return wav;
}

/** The fields' audio in order with a pause between each two, and their timings as one text's. */
export function joinVoicedFields(
  fields: readonly VoicedField[],
  pauseSeconds = PAUSE_BETWEEN_FIELDS_SECONDS,
): { audio: Uint8Array; durationSeconds: number; timings: SpeechTimings } {
  const [first] = fields;
  if (!first) throw new Error('joinVoicedFields needs at least one voiced field');
  const pause = silenceLike(first.audio, pauseSeconds);
  const pauseLength = readWavInfo(pause).durationSeconds;
  const sentences: Array<SpeechTimings['sentences'][number]> = [];
  const parts: Array<SpeechTimings['parts'][number]> = [];
  const pieces: Uint8Array[] = [];
  let offset = 0;
  fields.forEach((field, index) => {
    if (index > 0) {
      pieces.push(pause);
      offset += pauseLength;
    }
    pieces.push(field.audio);
    const at = (seconds: number) => toMilliseconds(offset + seconds);
    const before = sentences.length;
    for (const sentence of field.timings.sentences) sentences.push({ ...sentence, start: at(sentence.start), end: at(sentence.end) });
    for (const part of field.timings.parts)
      parts.push({ ...part, start: at(part.start), end: at(part.end), first: part.first + before, last: part.last + before });
    offset += field.durationSeconds;
  });
  const audio = concatWavs(pieces);
  const durationSeconds = readWavInfo(audio).durationSeconds;
  return { audio, durationSeconds, timings: { ...first.timings, duration: toMilliseconds(durationSeconds), sentences, parts } };
}
