// The memory's keys in the database: fixed-length hashes, so they fit a UNIQUE index on every
// database (MySQL cannot index a text column without a prefix; a 64-character string it can).
// `keyHash` names a unit's identity as core defines it (language pair, context, memoryKey): the
// authoritative unit and every suggestion of one text share it, so one lookup finds them all.
// `slotHash` names one place: the authoritative unit's is its keyHash, a suggestion's adds its
// creator, so a store keeps one row per place.
import { createHash } from 'node:crypto';
import { memoryKey } from '@circassian/core';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * SHA-256 (hex, 64 characters) of `source:target`, the context (when there is one) and the text's
 * memoryKey. Without a context it is what earlier versions stored, so their rows keep their hash.
 */
export function memoryHash(pair: { readonly source: string; readonly target: string }, text: string, context?: string): string {
  const within = context ? `${context.length}|${context}\n` : '';
  return sha256(`${pair.source}:${pair.target}\n${within}${memoryKey(text)}`);
}

/** The row's place: the identity's own hash for the authoritative unit, with the creator for a suggestion. */
export const slotHash = (keyHash: string, suggestionOf?: string): string =>
  suggestionOf === undefined ? keyHash : sha256(`${keyHash}\n${suggestionOf}`);
