/**
 * Say-as: the text a speech request carries, with each word that has a respelling written as it
 * should be read (a name's stress, a loanword's sound). Whole words, palochka look-alikes and
 * letter case as for every glossary term; the respelling takes the word's capitals. The text shown
 * to people never changes: only the speech request gets this one.
 */
import type { TranslationLanguage } from '../service-facts.js';
import type { Glossary } from './glossary.js';
import { agreedForm } from './protect.js';

export function sayAs(glossary: Glossary, language: TranslationLanguage, text: string): string {
  const matches = glossary.respelledWords(language).find(text);
  if (matches.length === 0) return text;
  let said = '';
  let at = 0;
  for (const match of matches) {
    said += text.slice(at, match.start) + agreedForm(match.entry, match.text);
    at = match.end;
  }
  return said + text.slice(at);
}
