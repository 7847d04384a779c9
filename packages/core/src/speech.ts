/**
 * The speech memory: audio kept per sentence and joined, so no sentence is paid for twice, with the
 * read-along timings of every voiced text (see core's README, "Speech memory").
 */
export * from './timings.js';
export { speechKey, speechKeyFields, SPEECH_KEY_VERSION, type SpeechVoice } from './speech/speech-key.js';
export type { Clock, SpeechStore, SpeechStoreEntry, StoredSpeech } from './speech/speech-store.js';
export { InMemorySpeechStore } from './speech/in-memory-speech-store.js';
export { FolderSpeechStore } from './speech/folder-speech-store.js';
export {
  cleanSpeechStore,
  DEFAULT_SPEECH_STORE_LIMITS,
  type SpeechStoreCleanup,
  type SpeechStoreLimits,
} from './speech/clean-speech-store.js';
export {
  SpeechMemory,
  type PartEvent,
  type PlannedPart,
  type SpeakOptions,
  type SpeechClient,
  type SpeechMemoryOptions,
  type SpeechMemoryStats,
  type SpeechPlan,
  type VoicedText,
} from './speech/speech-memory.js';
