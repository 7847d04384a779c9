// Which palochka is the correct letter in a document: Kabardian print mostly uses U+04C0 (Ӏ),
// Adyghe print U+04CF (ӏ), so the letter follows the text's language. The language is what the
// file says: a dialect code in its language id or name (`ady.json`, `story.ady.md`,
// `locales/ady/...`), or inside it (front matter's `lang: ady`, a PO header's `Language: ady`).
// Each dialect's letter is `circassian.palochka.letters` (kbd U+04C0, ady U+04CF unless changed
// there), so choosing ӏ for Adyghe never flags every Kabardian file. A file that names no dialect
// takes `circassian.palochka.letter` when set, else the palochka it already uses most (an Adyghe
// text written with ӏ is not told to change every letter), else U+04C0, the core's default.
import { DEFAULT_PALOCHKA_TARGET, PALOCHKA, SMALL_PALOCHKA, type PalochkaTarget } from '@circassian/core/palochka';
import { formatFor } from './file-formats';
import { normalizeLanguage } from './file-source-language';

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

export type Dialect = 'ady' | 'kbd';

/** The letters by dialect, as `circassian.palochka.letters` sets them. */
export const DIALECT_LETTERS: Readonly<Record<Dialect, PalochkaTarget>> = { kbd: 'U+04C0', ady: 'U+04CF' };

export interface PalochkaSettings {
  /** For files that name no dialect; empty: by the text. */
  readonly letter: PalochkaSetting;
  /** Per dialect; a dialect left out keeps DIALECT_LETTERS'. */
  readonly letters: Readonly<Partial<Record<Dialect, PalochkaTarget>>>;
}

/** The dialect a file states inside (front matter's `lang`, a PO header's `Language`), if one. */
function statedDialect(path: string, text: string): Dialect | undefined {
  let stated: string | undefined;
  try {
    stated = formatFor(path)?.statedLanguage?.(text);
  } catch {
    return undefined;
  }
  const primary = stated ? normalizeLanguage(stated)?.split('-')[0] : undefined;
  return primary === 'ady' || primary === 'kbd' ? primary : undefined;
}

/** The correct palochka, and whether it was chosen by the letter the text uses most (re-checked as the text changes). */
export function choosePalochkaLetter(
  settings: PalochkaSettings,
  languageId: string,
  path: string,
  text: () => string,
): { letter: PalochkaTarget; byMajority: boolean } {
  const dialect = dialectOf(languageId, path) ?? statedDialect(path, text());
  if (dialect) return { letter: settings.letters[dialect] ?? DIALECT_LETTERS[dialect], byMajority: false };
  if (settings.letter) return { letter: settings.letter, byMajority: false };
  return { letter: mostUsedPalochka(text()) ?? DEFAULT_PALOCHKA_TARGET, byMajority: true };
}

export function palochkaLetterFor(settings: PalochkaSettings, languageId: string, path: string, text: () => string): PalochkaTarget {
  return choosePalochkaLetter(settings, languageId, path, text).letter;
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
