// A correction by someone who may not teach the memory is kept as their suggestion (core's
// `suggestion`, named by its creator) and answers only their own entries until a reviewer accepts
// it: an entry is theirs when they created it in the admin, and units name admins by e-mail.
import { restoreSurroundingWhitespace, splitSurroundingWhitespace, type LanguagePair } from '@circassian/core';
import type { Strapi } from '../strapi';
import { translationMemory } from './memory-use';

/** Who created an entry, as units name their makers (the admin's e-mail); undefined for one made through the Content API or code. */
export async function entryCreator(strapi: Strapi, uid: string, documentId: string, locale: string): Promise<string | undefined> {
  const entry = await strapi.documents(uid).findOne({ documentId, locale, fields: ['id'], populate: { createdBy: { fields: ['email'] } } });
  const email = (entry?.createdBy as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

/** Sets, in `answers` (text -> translation), the asker's own suggestion for each text that has one. */
export async function applyOwnSuggestions(
  strapi: Strapi,
  pair: LanguagePair,
  texts: readonly string[],
  asker: string,
  answers: Map<string, string>,
): Promise<void> {
  const distinct = [...new Set(texts)];
  if (distinct.length === 0) return;
  const units = await translationMemory(strapi).lookup(pair, distinct, { asker });
  distinct.forEach((text, index) => {
    const unit = units[index];
    if (unit?.suggestion) answers.set(text, restoreSurroundingWhitespace(splitSurroundingWhitespace(text), unit.target));
  });
}
