import type { TranslationLanguage } from '@circassian/core';

/**
 * Script-based language detection: the sandbox's stand-in for the service's detector. Rules, in order
 * (stable: tests assert on them):
 * 1. No letter at all (digits, punctuation, emoji, whitespace): `DEFAULT_LANGUAGE`.
 * 2. Count Cyrillic and Latin letters; the script with more letters wins, Cyrillic on a tie.
 * 3. Latin: any Turkish-only letter (ç ş ğ ı İ ö ü, either case) -> `tr`, otherwise `en`.
 * 4. Cyrillic text is Circassian when it holds a palochka (U+04C0 or U+04CF) or a hard sign that
 *    does not precede е, ё, ю or я: Russian writes ъ only before those vowels (подъезд), while
 *    Kabardian and Adyghe use it to mark letters (гъ, къ, хъ, лъ, шъ, жъ: гъэ, къуэ, лъапӀэ).
 *    Otherwise `ru`.
 * 5. Circassian text is Adyghe when its Adyghe markers outnumber its Kabardian markers, else
 *    Kabardian (ties included: most Circassian text online is Kabardian). The markers are letters
 *    of one standard alphabet that the other lacks, and the о / уэ correspondence (Adyghe кӏо,
 *    гъогу, орэд; Kabardian кӀуэ, гъуэгу, уэрэд):
 *    - Kabardian: уэ, щӀ, фӀ, кхъ;
 *    - Adyghe: шъ, жъ, шӀ, чӀ, and о after a consonant letter marked with ъ or Ӏ (ӏо, къо, шъо).
 *    Markers are counted without regard to case or to which palochka code point is used.
 */
export function detectLanguage(text: string): TranslationLanguage {
  const cyrillic = count(text, CYRILLIC_LETTER);
  const latin = count(text, LATIN_LETTER);
  if (cyrillic === 0 && latin === 0) return DEFAULT_LANGUAGE;
  if (latin > cyrillic) return TURKISH_LETTER.test(text) ? 'tr' : 'en';
  const folded = text.toLowerCase().replaceAll('\u04C0', '\u04CF');
  if (!CIRCASSIAN_SIGN.test(folded)) return 'ru';
  return count(folded, ADYGHE_MARKER) > count(folded, KABARDIAN_MARKER) ? 'ady' : 'kbd';
}

/**
 * The answer for text with no letters. Kabardian, the service's first language (the speech and
 * dictionary defaults are Kabardian too): a source language is only a label for such text, since the
 * pseudo-translation keeps digits and punctuation as they are.
 */
export const DEFAULT_LANGUAGE: TranslationLanguage = 'kbd';

// The Cyrillic block and its supplement (Ӏ U+04C0 and ӏ U+04CF are inside the block).
const CYRILLIC_LETTER = /[\u0400-\u052F]/gu;
// Basic Latin letters, the Latin-1 letters and Latin Extended-A (where ğ, ı, İ, ş live).
const LATIN_LETTER = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F]/gu;
const TURKISH_LETTER = /[çşğıİöüÇŞĞÖÜ]/u;
const CIRCASSIAN_SIGN = /\u04CF|ъ(?![еёюя])/u;
const KABARDIAN_MARKER = /уэ|щ\u04CF|ф\u04CF|кхъ/gu;
const ADYGHE_MARKER = /шъ|жъ|ш\u04CF|ч\u04CF|(?<=[ъ\u04CF])о/gu;

function count(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n += 1;
  return n;
}
