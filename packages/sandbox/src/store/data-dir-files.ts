import { join } from 'node:path';

/**
 * The files of a `--data-dir`: `state.json` (the snapshot, with the generation it continues from),
 * `journal-<generation>.jsonl` (the changes since), `audio/<artifact>.wav`. A file being written
 * carries a `.tmp` ending until it is complete and renamed into place.
 */
export const STATE_FILE = 'state.json';
export const AUDIO_DIR = 'audio';
export const TEMPORARY_SUFFIX = '.tmp';

const JOURNAL_NAME = /^journal-(\d{8})\.jsonl$/;

export function journalName(generation: number): string {
  return `journal-${String(generation).padStart(8, '0')}.jsonl`;
}

/** The generation a journal file name carries, or undefined for any other name. */
export function journalGeneration(name: string): number | undefined {
  const match = JOURNAL_NAME.exec(name);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

export function journalPath(dir: string, generation: number): string {
  return join(dir, journalName(generation));
}

/** Names the file and the cause, so a user can find what stopped the start. */
export function fileError(what: string, path: string, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(`${what} ${path}: ${reason}`, { cause });
}
