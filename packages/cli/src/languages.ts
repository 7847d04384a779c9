/** Language options, checked against the interface's facts (read from @circassian/core, never copied). */
import { TRANSLATION_LANGUAGES, isTranslationLanguage, type LanguagePair, type TranslationLanguage } from '@circassian/core';
import type { Args } from './command.js';
import { UsageError } from './cli-error.js';

export const TRANSLATION_LANGUAGE_LIST = TRANSLATION_LANGUAGES.join(', ');

export function translationLanguage(args: Args, name: 'to' | 'from'): TranslationLanguage | undefined {
  const value = args.string(name);
  if (value === undefined || isTranslationLanguage(value)) return value;
  throw new UsageError(`--${name} ${value} is not a translation language`, `use one of ${TRANSLATION_LANGUAGE_LIST}`);
}

export function targetLanguage(args: Args): TranslationLanguage {
  const value = translationLanguage(args, 'to');
  if (value === undefined) throw new UsageError('missing --to LANG', `name the target language: one of ${TRANSLATION_LANGUAGE_LIST}`);
  return value;
}

/** `--to` and `--from` as the request fields (`source_lang` only when given: it is detected otherwise). */
export function languagePair(args: Args): { target_lang: TranslationLanguage; source_lang?: TranslationLanguage } {
  const source = translationLanguage(args, 'from');
  return { target_lang: targetLanguage(args), ...(source !== undefined ? { source_lang: source } : {}) };
}

export const LANGUAGE_OPTIONS = {
  to: { type: 'string', value: 'LANG', description: `target language: ${TRANSLATION_LANGUAGE_LIST}` },
  from: { type: 'string', value: 'LANG', description: 'source language (detected when omitted; giving it is faster)' },
} as const;

/** `--pair ru:kbd` as a language pair. */
export function parsePair(value: string): LanguagePair {
  const [source, target, ...rest] = value.split(':');
  if (rest.length > 0 || !isTranslationLanguage(source) || !isTranslationLanguage(target)) {
    throw new UsageError(`--pair ${value} is not SOURCE:TARGET`, `e.g. --pair ru:kbd; languages: ${TRANSLATION_LANGUAGE_LIST}`);
  }
  if (source === target)
    throw new UsageError(`--pair ${value} names one language twice`, 'a pair translates from one language into another, e.g. ru:kbd');
  return { source, target };
}
