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
  const { cyrillic, latin } = countLetters(text);
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

const TURKISH_LETTER = /[çşğıİöüÇŞĞÖÜ]/u;
const CIRCASSIAN_SIGN = /\u04CF|ъ(?![еёюя])/u;
const KABARDIAN_MARKER = /уэ|щ\u04CF|ф\u04CF|кхъ/gu;
const ADYGHE_MARKER = /шъ|жъ|ш\u04CF|ч\u04CF|(?<=[ъ\u04CF])о/gu;

/**
 * Letters of each script, by code unit (every letter counted lives in the BMP): Cyrillic is the
 * Cyrillic block and its supplement (U+0400-U+052F, the palochkas included); Latin is A-Z, a-z, the
 * Latin-1 letters and Latin Extended-A (U+00C0-U+017F without × and ÷, where ğ, ı, İ, ş live).
 */
function countLetters(text: string): { cyrillic: number; latin: number } {
  let cyrillic = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x0400 && c <= 0x052f) cyrillic += 1;
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x17f && c !== 0xd7 && c !== 0xf7)) latin += 1;
  }
  return { cyrillic, latin };
}

function count(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n += 1;
  return n;
}
