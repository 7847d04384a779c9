/**
 * The sandbox's engines: deterministic stand-ins for the service's models. They are honest about
 * what they are (a pseudo-translation is visibly marked, speech is a synthetic tone), and stable,
 * so tests can assert on their output. Text reaching them is already palochka-normalised.
 */
export { pseudoTranslate } from './translate.js';
export { detectLanguage } from './detect.js';
export { lookUpWord, type DictionaryEntry } from './dictionary.js';
export { synthesizeSpeech, speechDurationSeconds, type SynthesisRequest, type SynthesisResult } from './speech.js';
