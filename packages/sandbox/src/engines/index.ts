/**
 * The sandbox's engines: deterministic stand-ins for the service's models. They are honest about
 * what they are (a pseudo-translation is visibly marked, speech is a synthetic tone), and stable,
 * so tests can assert on their output. Text reaching them is already palochka-normalised.
 */
export { pseudoTranslate } from './translate.js';
export { dropMarkers, reorderMarkers, MARKER_PATTERN } from './markers.js';
export { detectLanguage, DETECT_FALLBACK_LANGUAGE } from './detect.js';
export { lookUpWord, type DictionaryEntry, type DictionarySense, type DictionaryDialect, type GlossLanguage } from './dictionary.js';
export {
  synthesizeSpeech,
  speechDurationSeconds,
  SAMPLE_RATE,
  CHARACTERS_PER_SECOND,
  MIN_DURATION_SECONDS,
  type SynthesisRequest,
  type SynthesisResult,
} from './speech.js';
