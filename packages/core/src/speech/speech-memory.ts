/**
 * The speech memory: a text is voiced sentence by sentence (speech-parts.ts), each part's audio kept
 * in a store under its key (speech-key.ts), and the text's audio is the join of its parts. Voicing
 * the text again asks the service only for the parts the store does not hold: a fixed typo re-voices
 * its sentence, an added paragraph its sentences, a reordering nothing, and a sentence another text
 * already had costs nothing. Each voiced part is stored as soon as it arrives, so an interrupted run
 * loses only the part under way. The result carries the timings of every sentence (timings.ts).
 */
import { ClientValidationError } from '../errors.js';
import type { SpeechOptions } from '../resources/speech.js';
import { characterCount } from '../text/character-count.js';
import type { SpeechProgress, SpeechRequest, SpeechResult } from '../types.js';
import { concatWavs, readWavInfo, type WavInfo } from '../wav.js';
import { cleanSpeechStore, type SpeechStoreCleanup, type SpeechStoreLimits } from './clean-speech-store.js';
import { speechKey } from './speech-key.js';
import { speechParts, type SpeechPart, type SpeechPartsOptions } from './speech-parts.js';
import type { SpeechStore, StoredSpeech } from './speech-store.js';
import { splitSentences, type Sentence } from './sentences.js';
import { speechTimings, type SpeechTimings } from './timings.js';

/** What the speech memory needs of a client: `CircassianClient` has it. */
export interface SpeechClient {
  speech(request: SpeechRequest, options?: SpeechOptions): Promise<SpeechResult>;
}

export type SpeechMemoryOptions = SpeechPartsOptions;

/** A part of a planned text, and whether the store holds its audio. */
export interface PlannedPart extends SpeechPart {
  readonly key: string;
  readonly stored: boolean;
}

/** What voicing a text would cost, before any request. */
export interface SpeechPlan {
  readonly sentences: readonly Sentence[];
  readonly parts: readonly PlannedPart[];
  /** Parts to ask the service for (a part repeated in the text is asked once) and their characters. */
  readonly toVoice: { readonly parts: number; readonly characters: number };
}

/** Told after each part: from the store, or voiced now. */
export interface PartEvent {
  /** From 1. */
  readonly part: number;
  readonly parts: number;
  readonly key: string;
  readonly fromStore: boolean;
  readonly durationSeconds: number;
}

export interface SpeakOptions extends SpeechOptions {
  /** Told after each part is had. `onProgress` tells a voiced part's steps, with `part` and `parts`. */
  readonly onPart?: (event: PartEvent) => void;
}

/** A voiced text: one WAV, its timings, and what came from where. */
export interface VoicedText {
  readonly audio: Uint8Array;
  readonly contentType: 'audio/wav';
  readonly durationSeconds: number;
  readonly timings: SpeechTimings;
  readonly stats: SpeechMemoryStats;
}

export interface SpeechMemoryStats {
  readonly sentences: number;
  readonly parts: number;
  /** Asked of the service in this call: requests, their characters and the seconds of audio they made. */
  readonly voiced: { readonly parts: number; readonly characters: number; readonly seconds: number };
  /** Taken from the store (or from the same text's repeated part): no request. */
  readonly fromStore: { readonly parts: number; readonly characters: number; readonly seconds: number };
}

interface HadPart {
  readonly audio: Uint8Array;
  readonly info: WavInfo;
  readonly fromStore: boolean;
}

export class SpeechMemory {
  readonly store: SpeechStore;
  readonly #options: SpeechMemoryOptions;

  constructor(store: SpeechStore, options: SpeechMemoryOptions = {}) {
    this.store = store;
    this.#options = options;
    speechParts([], options); // refuses a bad groupCharacters now, not at the first text
  }

  /** The text's sentences and parts, each with its key and whether it is stored. No request. */
  async plan(request: SpeechRequest): Promise<SpeechPlan> {
    const { text, ...voice } = request;
    const sentences = sentencesOf(text);
    const parts = await Promise.all(
      speechParts(sentences, this.#options).map(async (part) => {
        const key = speechKey(part.text, voice);
        return { ...part, key, stored: await this.store.has(key) };
      }),
    );
    const asked = new Map(parts.filter((part) => !part.stored).map((part) => [part.key, characterCount(part.text)]));
    return { sentences, parts, toVoice: { parts: asked.size, characters: [...asked.values()].reduce((sum, n) => sum + n, 0) } };
  }

  /** Voices the text: stored parts from the store, the others from the service (each stored at once), joined in order. */
  async speak(client: SpeechClient, request: SpeechRequest, options: SpeakOptions = {}): Promise<VoicedText> {
    const { onPart, onProgress, ...speechOptions } = options;
    const { text, ...voice } = request;
    const sentences = sentencesOf(text);
    const parts = speechParts(sentences, this.#options).map((part) => ({ ...part, key: speechKey(part.text, voice) }));
    const had = new Map<string, HadPart>();
    const voiceOne = async (part: (typeof parts)[number], index: number): Promise<HadPart> => {
      const progress = (update: SpeechProgress) => onProgress?.({ ...update, part: index + 1, parts: parts.length });
      const result = await client.speech({ ...voice, text: part.text }, { ...speechOptions, onProgress: progress });
      const info = wavInfoOf(result.audio);
      await this.store.put(part.key, { audio: result.audio, durationSeconds: info.durationSeconds });
      return { audio: result.audio, info, fromStore: false };
    };
    for (const [index, part] of parts.entries()) {
      const repeated = had.get(part.key);
      let got = repeated;
      if (got === undefined) {
        const stored = await this.store.get(part.key);
        got = stored === undefined ? await voiceOne(part, index) : fromStore(stored);
        had.set(part.key, got);
      }
      const event = { part: index + 1, parts: parts.length, key: part.key, durationSeconds: got.info.durationSeconds };
      onPart?.({ ...event, fromStore: repeated !== undefined || got.fromStore });
    }
    await this.#revoiceOtherFormats(parts, had, voiceOne);
    return joined(sentences, parts, had);
  }

  /** Applies the store's limits (see cleanSpeechStore). */
  clean(limits?: SpeechStoreLimits): Promise<SpeechStoreCleanup> {
    return cleanSpeechStore(this.store, limits);
  }

  /**
   * Stored parts of another WAV format than the service gives now (it changed its sample rate) cannot
   * be joined with today's: they are voiced again, and replaced in the store.
   */
  async #revoiceOtherFormats(
    parts: readonly (SpeechPart & { key: string })[],
    had: Map<string, HadPart>,
    voiceOne: (part: SpeechPart & { key: string }, index: number) => Promise<HadPart>,
  ): Promise<void> {
    const fresh = [...had.values()].filter((part) => !part.fromStore);
    const reference = (fresh[fresh.length - 1] ?? had.get(parts[0]?.key ?? ''))?.info;
    if (reference === undefined) return;
    for (const [index, part] of parts.entries()) {
      const got = had.get(part.key);
      if (got !== undefined && !sameFormat(got.info, reference)) had.set(part.key, await voiceOne(part, index));
    }
  }
}

function sentencesOf(text: string): Sentence[] {
  const sentences = typeof text === 'string' ? splitSentences(text) : [];
  if (sentences.length === 0)
    throw new ClientValidationError('text', 'There is nothing to voice: the text holds no letter or digit', { operation: 'speech' });
  return sentences;
}

function fromStore(stored: StoredSpeech): HadPart {
  return { audio: stored.audio, info: wavInfoOf(stored.audio), fromStore: true };
}

function wavInfoOf(audio: Uint8Array): WavInfo {
  try {
    return readWavInfo(audio);
  } catch (cause) {
    throw new ClientValidationError('audio', `The speech memory joins WAV audio, and a part is not one (${(cause as Error).message})`, {
      operation: 'speech',
    });
  }
}

function sameFormat(a: WavInfo, b: WavInfo): boolean {
  return (
    a.audioFormat === b.audioFormat && a.channels === b.channels && a.sampleRate === b.sampleRate && a.bitsPerSample === b.bitsPerSample
  );
}

function joined(
  sentences: readonly Sentence[],
  parts: readonly (SpeechPart & { key: string })[],
  had: ReadonlyMap<string, HadPart>,
): VoicedText {
  const ordered = parts.map((part) => had.get(part.key) as HadPart);
  const audio = concatWavs(ordered.map((part) => part.audio));
  const timings = speechTimings(
    sentences,
    parts.map((part, index) => ({
      key: part.key,
      first: part.first,
      last: part.last,
      durationSeconds: ordered[index]?.info.durationSeconds ?? 0,
    })),
  );
  const tally = (fromStoreWanted: boolean) => {
    const seen = new Set<string>();
    let count = 0;
    let characters = 0;
    let seconds = 0;
    parts.forEach((part, index) => {
      const got = ordered[index] as HadPart;
      // A part voiced now counts once, however often the text repeats it; its repeats count as stored.
      const fromStore = got.fromStore || seen.has(part.key);
      seen.add(part.key);
      if (fromStore !== fromStoreWanted) return;
      count += 1;
      characters += characterCount(part.text);
      seconds += got.info.durationSeconds;
    });
    return { parts: count, characters, seconds };
  };
  return {
    audio,
    contentType: 'audio/wav',
    durationSeconds: readWavInfo(audio).durationSeconds,
    timings,
    stats: { sentences: sentences.length, parts: parts.length, voiced: tally(false), fromStore: tally(true) },
  };
}
