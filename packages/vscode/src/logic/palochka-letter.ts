// Which palochka is the correct letter in a document: Kabardian print mostly uses U+04C0 (Ӏ),
// Adyghe print U+04CF (ӏ). The setting `circassian.palochka.letter` decides when set; otherwise
// the file says: a dialect code in its language id or name (`ady.json`, `story.ady.md`,
// `locales/ady/...`), else the palochka it already uses most (an Adyghe text written with ӏ is not
// told to change every letter). With no hint at all, U+04C0, the core's default.
import { DEFAULT_PALOCHKA_TARGET, PALOCHKA, SMALL_PALOCHKA, type PalochkaTarget } from '@circassian/core/palochka';

export type PalochkaSetting = PalochkaTarget | '';

const DIALECT_IN_NAME = /(?:^|[/\\._-])(ady|kbd)(?=[/\\._-]|$)/gi;

/** The dialect a language id or path names, if exactly one. */
export function dialectOf(languageId: string, path: string): 'ady' | 'kbd' | undefined {
  if (languageId === 'ady' || languageId === 'kbd') return languageId;
  const named = new Set([...path.matchAll(DIALECT_IN_NAME)].map((match) => (match[1] ?? '').toLowerCase()));
  return named.size === 1 ? ([...named][0] as 'ady' | 'kbd') : undefined;
}

/** The palochka the text uses most; undefined when it has none (or as many of each). */
export function mostUsedPalochka(text: string): PalochkaTarget | undefined {
  let capital = 0;
  let small = 0;
  for (let index = text.indexOf(PALOCHKA); index !== -1; index = text.indexOf(PALOCHKA, index + 1)) capital++;
  for (let index = text.indexOf(SMALL_PALOCHKA); index !== -1; index = text.indexOf(SMALL_PALOCHKA, index + 1)) small++;
  if (capital === small) return undefined;
  return small > capital ? 'U+04CF' : 'U+04C0';
}

export function palochkaLetterFor(setting: PalochkaSetting, languageId: string, path: string, text: () => string): PalochkaTarget {
  if (setting) return setting;
  const dialect = dialectOf(languageId, path);
  if (dialect) return dialect === 'ady' ? 'U+04CF' : 'U+04C0';
  return mostUsedPalochka(text()) ?? DEFAULT_PALOCHKA_TARGET;
}

/** Names a character so it cannot be mistaken for another that looks the same: "Ӏ (palochka, U+04C0)". */
const NAMES: Readonly<Record<string, string>> = {
  I: 'Latin capital I',
  l: 'Latin small L',
  '1': 'digit one',
  '|': 'vertical bar',
  і: 'Cyrillic і',
  І: 'Cyrillic І',
  [PALOCHKA]: 'palochka',
  [SMALL_PALOCHKA]: 'small palochka',
};

export function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function characterName(char: string): string {
  return NAMES[char] ?? 'character';
}
