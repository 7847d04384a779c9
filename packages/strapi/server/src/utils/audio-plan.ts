// What one "Generate audio" (or a publish) would make of an entry in one locale, decided before
// any request: the text read (the mapping's fields in their order, a pause between them), the
// voice and speed (the entry's own choice, else the mapping's), and, when nothing will be made,
// why in an editor's words. The audio service and the "Generate audio" route share it, so the
// route can answer up front instead of queueing work that will do nothing.
import type { AudioMapping } from '../config/schema';
import type { AudioReason } from '../../../shared/contracts/admin-api';
import { hashValue } from '../translation/hash';
import { speakableText } from './speakable-text';
import { serviceFacts } from '@circassian/core';
import { SPOKEN_CHARACTERS_PER_SECOND } from '../constants';

/** The fields an audio mapping reads, in order. */
export const sourceFields = (mapping: Pick<AudioMapping, 'from'>): string[] =>
  Array.isArray(mapping.from) ? [...mapping.from] : [mapping.from];

/** A part read on its own ends as a sentence, so the voice stops before the next. */
const asSentence = (text: string): string => (/[.!?…:;]$/u.test(text) ? text : `${text}.`);

/** The words of each field with text, in order, each ending as a sentence: what is voiced field by field. */
export function spokenFields(entry: Readonly<Record<string, unknown>>, fields: readonly string[]): string[] {
  return fields
    .map((field) => speakableText(entry[field]))
    .filter((text) => text !== '')
    .map(asSentence);
}

/** The words of each field in order, a blank line (a pause) between them: what the audio reads, as one text. */
export function spokenText(entry: Readonly<Record<string, unknown>>, fields: readonly string[]): string {
  return spokenFields(entry, fields).join('\n\n');
}

/**
 * About how long `characters` take to read aloud: ordinary reading pace is some 15 characters a
 * second at speed 1.0 (the interface gives no figure; the audio's real duration is counted once made).
 */
export const spokenSeconds = (characters: number, speed: number = serviceFacts.defaults.speed): number =>
  characters === 0 ? 0 : characters / (SPOKEN_CHARACTERS_PER_SECOND * speed);

/**
 * Whether translating an entry into a locale brings new audio there, for a run's estimate: audio
 * follows the translation (after each save, or when the target is published, which a translation
 * does only for a target following its published source) and what is read changes, or there is
 * no audio yet. An entry whose read fields are unchanged and voiced costs no audio seconds.
 */
export function audioFollowsTranslation(input: {
  audioOn: 'save' | 'publish';
  /** The translation publishes the target: it follows a published source (or the type has no drafts). */
  publishesTarget: boolean;
  /** A field the audio reads is among those the translation writes. */
  readFieldsChange: boolean;
  hasAudio: boolean;
}): boolean {
  if (input.audioOn === 'publish' && !input.publishesTarget) return false;
  return input.readFieldsChange || !input.hasAudio;
}

/** The voice and speed an entry's editor chose for its audio (null: the mapping's, else the service's default). */
export interface VoiceChoice {
  voice: string | null;
  speed: number | null;
}

export interface AudioPlanInput {
  /** The entry's version in the locale (null when it does not exist). */
  entry: Readonly<Record<string, unknown>> | null;
  mapping: Pick<AudioMapping, 'from' | 'to' | 'voice' | 'speed'>;
  language: string;
  /** The locale as an editor reads it ("Kabardian (East Circassian) (kbd)"). */
  localeName: string;
  choice: VoiceChoice;
  /** The hash of what the audio in the entry was last made from. */
  madeFrom: string | null;
}

export type AudioPlan =
  | {
      make: true;
      entry: Readonly<Record<string, unknown>>;
      text: string;
      /** The same words field by field (voiced one by one, a pause between them). */
      fieldTexts: string[];
      textHash: string;
      voice: string | null;
      speed: number | null;
    }
  | (AudioReason & { make: false; message: string });

export function planAudio({ entry, mapping, language, localeName, choice, madeFrom }: AudioPlanInput): AudioPlan {
  if (!entry)
    return { make: false, reason: 'no-version', message: `This entry has no ${localeName} version yet, so there is nothing to read.` };
  const fields = sourceFields(mapping);
  const fieldTexts = spokenFields(entry, fields);
  const text = fieldTexts.join('\n\n');
  if (!text) {
    const named = fields.map((field) => `"${field}"`).join(', ');
    return {
      make: false,
      reason: 'no-text',
      fields,
      message: `${fields.length > 1 ? `The fields ${named} have` : `The field ${named} has`} no text to read in ${localeName}.`,
    };
  }
  const voice = choice.voice ?? mapping.voice ?? null;
  const speed = choice.speed ?? mapping.speed ?? null;
  const textHash = hashValue({ text, language, voice, speed });
  if (madeFrom === textHash && entry[mapping.to])
    return { make: false, reason: 'unchanged', message: 'The text did not change since the audio was made, so it was not made again.' };
  return { make: true, entry, text, fieldTexts, textHash, voice, speed };
}
