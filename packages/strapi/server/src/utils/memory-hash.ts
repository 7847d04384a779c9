// The memory's lookup key in the database: a fixed-length hash of the language pair and core's
// memoryKey, so the key column fits a UNIQUE index on every database (MySQL cannot index a text
// column without a prefix; a 64-character string it can) and a unit is one row per pair and text.
import { createHash } from 'node:crypto';
import { memoryKey } from '@circassian/core';

/** SHA-256 (hex, 64 characters) of `source:target` and the text's memoryKey. */
export function memoryHash(pair: { readonly source: string; readonly target: string }, text: string): string {
  return createHash('sha256')
    .update(`${pair.source}:${pair.target}\n${memoryKey(text)}`)
    .digest('hex');
}
