/**
 * The speech memory's key: two requests share stored audio when the service would voice the same
 * text the same way. The text is matched as the translation memory matches it (memoryKey: Unicode
 * NFC, palochka look-alikes replaced as the service replaces them, surrounding whitespace aside);
 * case, inner whitespace and punctuation count, since the voice says them differently. The voice is
 * the language, the preset, the speed and anything that replaces the preset (`instruct`, a reference
 * sample), each at the service's default when absent, so `{}` and `{ voice: 'male' }` share audio.
 *
 * The key is the SHA-256 (hex) of a JSON array, so a host in another language computes it alike
 * (PHP: `json_encode($fields, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES |
 * JSON_UNESCAPED_LINE_TERMINATORS)`; the speed written with three decimals): cases in
 * shared/vectors/speech.json (`keys`).
 */
import { createHash } from 'node:crypto';
import { memoryKey } from '../memory/memory-key.js';
import { serviceFacts } from '../service-facts.js';
import type { SpeechRequest } from '../types.js';

/** What the voice of a request is: everything in it but the text. */
export type SpeechVoice = Omit<SpeechRequest, 'text'>;

/** Changes whenever the meaning of the fields changes, so no old audio is ever read under a new rule. */
export const SPEECH_KEY_VERSION = 1;

/** The fields hashed, in order: what a host in another language must produce byte for byte. */
export function speechKeyFields(text: string, voice: SpeechVoice): [string, number, string, string, string, string, string, string] {
  const { defaults } = serviceFacts;
  return [
    'circassian-speech',
    SPEECH_KEY_VERSION,
    voice.language ?? defaults.speechLanguage,
    voice.voice ?? defaults.voice,
    (voice.speed ?? defaults.speed).toFixed(3),
    voice.instruct ?? '',
    voice.ref_audio_url ?? '',
    memoryKey(text),
  ];
}

/** The stored audio's key for this text in this voice: 64 hex digits. */
export function speechKey(text: string, voice: SpeechVoice): string {
  return createHash('sha256')
    .update(JSON.stringify(speechKeyFields(text, voice)), 'utf8')
    .digest('hex');
}
