/**
 * Where each sentence starts and ends in a voiced text's audio, from the durations of the parts it
 * was joined from. A front end highlights the sentence being read and plays from a clicked one; the
 * same figures make the WebVTT transcript (webvtt.ts). Browser-safe, no Node API.
 *
 * The rule, mirrored in PHP through shared/vectors/speech.json (`timings`):
 * - Parts follow each other: part k starts where part k-1 ends. Every boundary is the sum of the
 *   durations before it, rounded to the millisecond (`floor(seconds * 1000 + 0.5) / 1000`), so
 *   rounding never accumulates over a long text.
 * - A part holding one sentence (the default) gives it the part's span exactly. A sentence voiced in
 *   several parts (over 20,000 characters) runs from its first part's start to its last part's end.
 * - A part holding several sentences (`groupCharacters`) shares its span among them in proportion to
 *   their characters (code points), the last ending exactly at the part's end: an estimate, but one
 *   that never leaves its part, so no timing drifts past its sentence by more than that part.
 * Consecutive sentences share their boundary (one's end is the next one's start).
 */
import { characterCount } from '../text/character-count.js';

/** One sentence's place in the audio, in seconds from its start. */
export interface SentenceTiming {
  readonly start: number;
  readonly end: number;
  /** The sentence as voiced (the i-th of `splitSentences(text)`). */
  readonly text: string;
}

/** One voiced part: its key in the speech memory, its span, and the sentences it holds (indexes, inclusive). */
export interface PartTiming {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly first: number;
  readonly last: number;
}

/** The JSON a voiced text carries beside its audio (documented in core's README, "Timings"). */
export interface SpeechTimings {
  readonly format: typeof SPEECH_TIMINGS_FORMAT;
  readonly version: typeof SPEECH_TIMINGS_VERSION;
  /** Seconds of the whole audio. */
  readonly duration: number;
  readonly sentences: readonly SentenceTiming[];
  readonly parts: readonly PartTiming[];
}

export const SPEECH_TIMINGS_FORMAT = 'circassian-speech-timings';
export const SPEECH_TIMINGS_VERSION = 1;

/** A voiced part as the timings need it: which sentences it holds and how long its audio is. */
export interface TimedPart {
  readonly key: string;
  readonly first: number;
  readonly last: number;
  readonly durationSeconds: number;
}

/** Seconds rounded to the millisecond, the same way in every language (no banker's or pre-rounding). */
export function toMilliseconds(seconds: number): number {
  return Math.floor(seconds * 1000 + 0.5) / 1000;
}

/** The timings of sentences voiced in these parts (in order, covering every sentence once, in order). */
export function speechTimings(sentences: readonly { readonly text: string }[], parts: readonly TimedPart[]): SpeechTimings {
  checkCoverage(sentences.length, parts);
  const starts: number[] = [];
  const ends: number[] = [];
  const partTimings: PartTiming[] = [];
  let elapsed = 0;
  for (const part of parts) {
    if (!(part.durationSeconds >= 0) || !Number.isFinite(part.durationSeconds)) {
      throw new RangeError(`A part's duration must be a finite number of seconds, not ${part.durationSeconds}`);
    }
    const start = toMilliseconds(elapsed);
    elapsed += part.durationSeconds;
    const end = toMilliseconds(elapsed);
    partTimings.push({ key: part.key, start, end, first: part.first, last: part.last });
    const held = sentences.slice(part.first, part.last + 1).map((sentence) => characterCount(sentence.text));
    const total = held.reduce((sum, count) => sum + count, 0);
    let before = 0;
    held.forEach((count, offset) => {
      const index = part.first + offset;
      // A sentence continued from the part before keeps the start it had there.
      starts[index] ??= offset === 0 ? start : toMilliseconds(start + ((end - start) * before) / total);
      before += count;
      ends[index] = offset === held.length - 1 ? end : toMilliseconds(start + ((end - start) * before) / total);
    });
  }
  return {
    format: SPEECH_TIMINGS_FORMAT,
    version: SPEECH_TIMINGS_VERSION,
    duration: toMilliseconds(elapsed),
    sentences: sentences.map((sentence, index) => ({ start: starts[index] ?? 0, end: ends[index] ?? 0, text: sentence.text })),
    parts: partTimings,
  };
}

/** Parts must hold every sentence, in order, a sentence continuing only into the next part. */
function checkCoverage(sentenceCount: number, parts: readonly TimedPart[]): void {
  let next = 0;
  for (const part of parts) {
    const continues = part.first === next - 1 && part.last === part.first;
    if (!(part.first === next || continues) || part.last < part.first) {
      throw new RangeError(
        `The parts do not hold the sentences in order: a part holds ${part.first}-${part.last} after sentence ${next - 1}`,
      );
    }
    next = part.last + 1;
  }
  if (next !== sentenceCount) throw new RangeError(`The parts hold ${next} sentences of ${sentenceCount}`);
}
