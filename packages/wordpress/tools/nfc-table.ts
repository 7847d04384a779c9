/**
 * Writes includes/Memory/nfc-table.json: the canonical compositions of the Basic Multilingual
 * Plane, as Node's String.prototype.normalize knows them, for the memory key's NFC on PHP without
 * the intl extension (Memory_Key). `singles`: a code point NFC replaces (Ω for the ohm sign);
 * `pairs`: a character and the mark after it that NFC joins into one. Hangul syllables are
 * composed by arithmetic in Unicode and are left out (typed decomposed, they do not occur).
 * Run: pnpm --filter @circassian/wordpress exec tsx tools/nfc-table.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const singles: Record<string, string> = {};
const pairs: Record<string, string> = {};
for (let code = 0; code <= 0xffff; code++) {
  if ((code >= 0xd800 && code <= 0xdfff) || (code >= 0xac00 && code <= 0xd7a3)) continue;
  const char = String.fromCharCode(code);
  const composed = char.normalize('NFC');
  if (composed !== char) {
    singles[char] = composed;
    continue;
  }
  const parts = [...char.normalize('NFD')];
  if (parts.length < 2) continue;
  const last = parts.pop() as string;
  pairs[parts.join('').normalize('NFC') + last] = char;
}
writeFileSync(join(import.meta.dirname, '..', 'includes', 'Memory', 'nfc-table.json'), `${JSON.stringify({ singles, pairs })}\n`);
