import type { TranslationLanguage } from '@circassian/core';
import { CYRILLIC_TO_LATIN } from '@circassian/core/text';
import { splitMarkers } from './markers.js';
import { rewriteByTable, type RewriteTable } from './rewrite.js';

/**
 * Pseudo-translation: the sandbox's stand-in for the translation model. It does not translate; it
 * rewrites the text so a reader sees at once which target was asked for and that the text went
 * through the engine, while its length stays in proportion (every letter becomes 1 to 4 letters).
 *
 * Rules (stable: tests inside and outside this package assert on them; change them only with a
 * new major version of the sandbox):
 * 1. Source and target the same: the text is returned unchanged.
 * 2. Otherwise the result is `[<target>] ` followed by the text rewritten in two passes, each a
 *    longest-match substitution table (see rewrite.ts for case handling):
 *    a. Script: to ru, kbd and ady, Latin letters become Cyrillic (`LATIN_TO_CYRILLIC`); to en and tr,
 *       Cyrillic letters become Latin (`CYRILLIC_TO_LATIN_EN` or `CYRILLIC_TO_LATIN_TR`, which
 *       writes Turkish letters: ş, ç, ğ, ı, j).
 *    b. Target spelling (`TARGET_SPELLING`), applied to the result of pass a:
 *       kbd `о` -> `уэ` (Kabardian writes уэ where Adyghe writes о: кӀо / кӀуэ "go");
 *       ady `уэ` -> `о` (the same correspondence the other way) and `е` -> `э`;
 *       ru `уэ` -> `о` and `э` -> `е`;
 *       tr `sh` -> `ş`, `ch` -> `ç`, `w` -> `v`, `x` -> `ks`, `q` -> `k`;
 *       en `ş` -> `sh`, `ç` -> `ch`, `ğ` -> `gh`, `ı` and `İ` -> `i`, `ö` -> `oe`, `ü` -> `ue`.
 * 3. Everything the tables do not name is kept as it is: digits, punctuation, whitespace, line
 *    breaks, the palochka (both code points), letters of other scripts.
 * 4. Inline markers (`<x1>`, `</x1>`, `<x1/>`: markers.ts) are kept verbatim and in place, as a
 *    real engine is asked to keep them; only the text between them is rewritten.
 */
export function pseudoTranslate(text: string, source: TranslationLanguage, target: TranslationLanguage): string {
  if (source === target) return text;
  const script = TARGET_SCRIPT[target] === 'cyrillic' ? LATIN_TO_CYRILLIC : target === 'tr' ? CYRILLIC_TO_LATIN_TR : CYRILLIC_TO_LATIN_EN;
  // Turkish uppercases i to İ; every other target uses the default case mapping.
  const locale = target === 'tr' ? 'tr' : undefined;
  const rewritten = splitMarkers(text)
    .map((piece) =>
      piece.marker ? piece.text : rewriteByTable(rewriteByTable(piece.text, script, locale), TARGET_SPELLING[target], locale),
    )
    .join('');
  return `[${target}] ${rewritten}`;
}

const TARGET_SCRIPT: Readonly<Record<TranslationLanguage, 'cyrillic' | 'latin'>> = {
  ru: 'cyrillic',
  kbd: 'cyrillic',
  ady: 'cyrillic',
  en: 'latin',
  tr: 'latin',
};

const LATIN_TO_CYRILLIC: RewriteTable = {
  sh: 'ш',
  ch: 'ч',
  zh: 'ж',
  kh: 'х',
  ts: 'ц',
  a: 'а',
  b: 'б',
  c: 'ц',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'у',
  x: 'кс',
  y: 'й',
  z: 'з',
  ç: 'ч',
  ş: 'ш',
  ğ: 'гъ',
  ı: 'ы',
  ö: 'ё',
  ü: 'ю',
};

// Signs as apostrophes, so the pseudo-translation keeps a trace of every letter.
const CYRILLIC_TO_LATIN_EN: RewriteTable = { ...CYRILLIC_TO_LATIN, ъ: "'", ь: "'" };

const CYRILLIC_TO_LATIN_TR: RewriteTable = {
  ...CYRILLIC_TO_LATIN_EN,
  гъ: 'ğ',
  ж: 'j',
  х: 'h',
  ц: 'ts',
  ч: 'ç',
  ш: 'ş',
  щ: 'şç',
  ы: 'ı',
};

const TARGET_SPELLING: Readonly<Record<TranslationLanguage, RewriteTable>> = {
  kbd: { о: 'уэ' },
  ady: { уэ: 'о', е: 'э' },
  ru: { уэ: 'о', э: 'е' },
  tr: { sh: 'ş', ch: 'ç', w: 'v', x: 'ks', q: 'k' },
  // `i: 'i'` rewrites only Turkish dotted İ (it lowercases to i) to a plain I.
  en: { ş: 'sh', ç: 'ch', ğ: 'gh', ı: 'i', i: 'i', ö: 'oe', ü: 'ue' },
};
