// A correction by someone who may not teach the memory is kept as their suggestion (core's
// `suggestion`, named by its creator) and answers only their own entries until a reviewer accepts
// it: an entry is theirs when they created it in the admin, and units name admins by e-mail.
import { restoreSurroundingWhitespace, splitSurroundingWhitespace, type LanguagePair } from '@circassian/core';
import type { Strapi } from '../strapi';
import { ADMIN_USER_UID } from '../constants';
import { translationMemory } from './memory-use';

/**
 * Who created an entry, as units name their makers (the admin's e-mail); undefined for one made
 * through the Content API or code. The Document Service gives a creator's id only (an admin's
 * e-mail is not a field it populates), so the e-mail is read from Strapi's admin users.
 */
export async function entryCreator(strapi: Strapi, uid: string, documentId: string, locale: string): Promise<string | undefined> {
  const entry = await strapi.documents(uid).findOne({ documentId, locale, fields: ['id'], populate: { createdBy: { fields: ['id'] } } });
  const id = (entry?.createdBy as { id?: unknown } | null | undefined)?.id;
  if (id === undefined || id === null) return undefined;
  const admin = await strapi.db.query(ADMIN_USER_UID).findOne({ where: { id }, select: ['email'] });
  return typeof admin?.email === 'string' ? admin.email : undefined;
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

/**
 * Gives an entry its creator's own suggestions: in `answers` (text -> translation), each text the
 * entry's creator suggested a translation of. A failure to read them is logged and changes
 * nothing: the translation goes on with everyone's units.
 */
export async function withCreatorsSuggestions(
  strapi: Strapi,
  pair: LanguagePair,
  entry: { uid: string; documentId: string; sourceLocale: string },
  texts: readonly string[],
  answers: Map<string, string>,
): Promise<void> {
  try {
    const asker = await entryCreator(strapi, entry.uid, entry.documentId, entry.sourceLocale);
    if (asker) await applyOwnSuggestions(strapi, pair, texts, asker, answers);
  } catch (error) {
    strapi.log.warn(
      `[circassian] could not read the suggestions of ${entry.uid} ${entry.documentId}'s creator; translating with everyone's units: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
