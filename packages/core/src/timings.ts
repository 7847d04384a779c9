/**
 * `@circassian/core/timings`: the read-along pieces a front end needs, with no dependency and no
 * Node API (browsers, editors' webviews): a text's sentences as the speech memory voices them,
 * the timings JSON's types and rule, and the WebVTT writer.
 */
export { splitSentences, type Sentence } from './speech/sentences.js';
export { speechParts, type SpeechPart, type SpeechPartsOptions } from './speech/speech-parts.js';
export {
  speechTimings,
  toMilliseconds,
  SPEECH_TIMINGS_FORMAT,
  SPEECH_TIMINGS_VERSION,
  type PartTiming,
  type SentenceTiming,
  type SpeechTimings,
  type TimedPart,
} from './speech/timings.js';
export { toWebVtt, webVttCueText, webVttTimestamp } from './speech/webvtt.js';
