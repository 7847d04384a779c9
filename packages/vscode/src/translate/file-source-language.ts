// Translate File's source language when the caller named none: what the file states (its name, a
// folder, its header: logic/file-source-language.ts), kept only if the service translates from
// it; else the `circassian.sourceLanguage` setting; else one detect call for the whole file (no
// characters spent), never a guess per string.
import type { CircassianClient } from '@circassian/core';
import { firstAvailable, languagesInPath } from '../logic/file-source-language';
import type { FileFormat } from '../logic/file-formats';
import { isLanguageId } from '../logic/language-id';
import type { Services } from '../services';

/** What detection reads of a file: enough text to tell its language, within one detect request. */
const DETECT_SAMPLE = 4_000;

/** The file's own statement of its language, when the service translates from it. */
export async function statedSourceLanguage(
  services: Services,
  path: string,
  format: FileFormat,
  text: string,
): Promise<string | undefined> {
  let inside: string | undefined;
  try {
    inside = format.statedLanguage?.(text);
  } catch {
    inside = undefined;
  }
  const candidates = [...languagesInPath(path), inside];
  if (!candidates.some(Boolean)) return undefined;
  const available = await services.listings.translationLanguages().then(
    (items) => items.map((item) => item.id),
    () => [],
  );
  return firstAvailable(candidates, available);
}

/** One detect call over the file's texts; undefined when it fails (each text is then detected on its own). */
export async function detectFileLanguage(client: Pick<CircassianClient, 'detect'>, texts: readonly string[]): Promise<string | undefined> {
  let sample = '';
  for (const text of texts) {
    if (sample.length >= DETECT_SAMPLE) break;
    sample += `${sample ? '\n' : ''}${text}`;
  }
  if (!sample.trim()) return undefined;
  try {
    const { language } = await client.detect({ text: sample.slice(0, DETECT_SAMPLE) });
    return isLanguageId(language) ? language : undefined;
  } catch {
    return undefined;
  }
}
