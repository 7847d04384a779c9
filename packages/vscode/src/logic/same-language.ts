// Whether text could already be in the target language, judged locally so that the detect call
// (one request of the per-minute limit, no characters) is spent only when it can tell something:
// - the text's letters are mostly of the other script (Latin text into Russian, Cyrillic into
//   English): it cannot be in the target language;
// - Cyrillic text with a palochka, or a character typed for one inside a word, into Russian: it is
//   Kabardian or Adyghe, not Russian.
// Anything else (Cyrillic text into Kabardian or Russian without a palochka, codes this file does
// not know) is asked of the service's detector.
import { normalizePalochka, PALOCHKA, SMALL_PALOCHKA } from '@circassian/core/palochka';

const CYRILLIC_SCRIPT = new Set(['ru', 'kbd', 'ady']);
const LATIN_SCRIPT = new Set(['en', 'tr']);

function dominantScript(text: string): 'cyrillic' | 'latin' | undefined {
  let cyrillic = 0;
  let latin = 0;
  for (const char of text) {
    if (/\p{Script=Cyrillic}/u.test(char)) cyrillic += 1;
    else if (/\p{Script=Latin}/u.test(char)) latin += 1;
  }
  if (cyrillic === 0 && latin === 0) return undefined;
  return cyrillic >= latin ? 'cyrillic' : 'latin';
}

export function mayAlreadyBeIn(text: string, target: string): boolean {
  const script = dominantScript(text);
  if (script === undefined) return true;
  if (script === 'cyrillic' && LATIN_SCRIPT.has(target)) return false;
  if (script === 'latin' && CYRILLIC_SCRIPT.has(target)) return false;
  if (target === 'ru') {
    const normalized = normalizePalochka(text);
    if (normalized.includes(PALOCHKA) || normalized.includes(SMALL_PALOCHKA)) return false;
  }
  return true;
}
