// How a memory unit is described where a person meets it (the search, the review, near matches):
// its origin, who wrote its translation, when, where and in what context, in the same words everywhere.
import * as vscode from 'vscode';
import { unitAuthor, type MemoryUnit } from '@circassian/core';

/** A shortened text for a one-line label (the whole text is in the detail or the editor). */
export const shortened = (text: string, length = 60): string => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** A unit's date in the person's language and time. */
export const dated = (iso: string): string =>
  new Date(iso).toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });

/** Who wrote a unit's translation in words: the person, else "the service" for its answers, else "no name". */
export function unitBy(unit: MemoryUnit): string {
  return unitAuthor(unit) ?? (unit.origin === 'machine' ? vscode.l10n.t('the service') : vscode.l10n.t('no name'));
}

/** What kind of translation a unit is, in words. */
export function originWords(unit: MemoryUnit): string {
  if (unit.suggestion) return vscode.l10n.t('suggestion');
  if (unit.origin === 'human') return vscode.l10n.t('human translation');
  if (unit.origin === 'reviewed') return vscode.l10n.t('reviewed translation');
  return vscode.l10n.t('machine translation');
}

/** "human translation · Amina · 7 Dec 2026, 09:12 · docs/intro.md · ru → kbd · context “verb”" (`pair: false` where the pair is said already). */
export function unitProvenance(unit: MemoryUnit, { pair = true }: { readonly pair?: boolean } = {}): string {
  return [
    originWords(unit),
    unitBy(unit),
    dated(unit.changed ?? unit.created),
    unit.where,
    pair ? `${unit.sourceLang} → ${unit.targetLang}` : undefined,
    unit.context ? vscode.l10n.t('context “{0}”', unit.context) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}
