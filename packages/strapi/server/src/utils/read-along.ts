// What a front end needs to follow an entry's audio sentence by sentence, kept on the audio file
// itself: its `provider_metadata` (a JSON attribute of every upload file, served by the Content API
// wherever the audio field is populated, with no schema change and no permission beyond the
// audio's), under the key `circassian`, beside whatever the upload provider keeps there (a cloud
// provider's ids are left as they are). Documented in the plugin's README ("Read-along").
import type { SpeechTimings } from '@circassian/core';

export const READ_ALONG_KEY = 'circassian';

/** The WebVTT transcript of the audio in the Media Library. */
export interface TranscriptFile {
  readonly id: number;
  readonly url: string;
}

/** `provider_metadata.circassian` of a plugin-made audio file. */
export interface ReadAlong {
  readonly timings: SpeechTimings;
  readonly transcript: TranscriptFile | null;
}

/** The read-along a file's provider_metadata holds, if any. */
export function readAlongOf(providerMetadata: unknown): ReadAlong | undefined {
  const held = (providerMetadata as Record<string, unknown> | null | undefined)?.[READ_ALONG_KEY] as ReadAlong | undefined;
  return held && typeof held === 'object' && held.timings ? held : undefined;
}

/** The provider's metadata with the read-along put in (the provider's own keys kept). */
export function withReadAlong(providerMetadata: unknown, readAlong: ReadAlong): Record<string, unknown> {
  const own = providerMetadata && typeof providerMetadata === 'object' ? (providerMetadata as Record<string, unknown>) : {};
  return { ...own, [READ_ALONG_KEY]: readAlong };
}

/** The speech memory keys (parts) an audio's timings use: cleanup keeps those whatever their age. */
export const partKeysOf = (readAlong: ReadAlong | undefined): string[] => readAlong?.timings.parts.map((part) => part.key) ?? [];
