/**
 * A voiced text's transcript as WebVTT (https://www.w3.org/TR/webvtt1/): one cue per sentence,
 * numbered from 1, at the sentence's timings. What podcast apps read through `podcast:transcript`
 * and what `<track>` shows under an `<audio>`. Browser-safe, no Node API.
 */
import type { SpeechTimings } from './timings.js';

/** `HH:MM:SS.mmm`, the cue timestamp form every WebVTT reader takes (hours always written). */
export function webVttTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds * 1000 + 0.5));
  const ms = total % 1000;
  const s = Math.floor(total / 1000) % 60;
  const m = Math.floor(total / 60_000) % 60;
  const h = Math.floor(total / 3_600_000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(ms, 3)}`;
}

/**
 * Cue text as WebVTT requires it: `&`, `<` and `>` escaped (so no text reads as a tag), no line
 * break or blank line (which would end the cue), and never `-->`.
 */
export function webVttCueText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/** The WebVTT file of these timings (UTF-8 text, LF line ends). */
export function toWebVtt(timings: Pick<SpeechTimings, 'sentences'>): string {
  const cues = timings.sentences.map(
    (sentence, index) =>
      `${index + 1}\n${webVttTimestamp(sentence.start)} --> ${webVttTimestamp(sentence.end)}\n${webVttCueText(sentence.text)}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
