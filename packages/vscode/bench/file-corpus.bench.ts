/**
 * Translate File on the corpus (test/corpus: locale, subtitle and documentation files as the
 * frameworks write them), without the editor: per file, the characters sent against the file's
 * human characters (its texts without the tokens that must come back as typed: tags, URLs,
 * placeholders, format strings, codes). The goal is 1.00x: the extra is the marks that stand for
 * the tokens inside a sentence (`⟦0⟧`, 3 characters each, where the model must place them); tags
 * wrapping a whole text are not sent and tokens joined by a date's or time's punctuation are one
 * mark (placeholders.ts). Run: `pnpm bench file-corpus`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { characterCount } from '@circassian/core/text';
import { formatFor } from '../src/logic/file-formats';
import { splitBom } from '../src/logic/file-text';
import { TOKENS } from '../test/corpus-checks';
import { runPipeline } from '../test/pipeline';

const CORPUS = join(import.meta.dirname, '..', 'test', 'corpus');

/**
 * What is not human text once the tokens are gone: ICU's syntax (`{count, plural,`, `one {`, `}`,
 * `#`) and a Markdown reference's `][label]`. Tokens joined by a date's punctuation are one token.
 */
const TOKEN_RUN = new RegExp(`(?:${TOKENS.source})(?:[-:/_]{1,3}(?:${TOKENS.source}))*`, 'gm');
const SYNTAX = /\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,|(?:=?\w+)\s*\{|[{}#]|\]\[[^\]]*\]|\[(?=[^\]]*\]\[)/g;
const TAG = /<\/?\w[^<>"']*(?:"[^"]*"[^<>"']*)*>/g;

/**
 * A text's human characters: the words a reader sees. Tokens first (so `{{name}}` and `%{name}` go
 * whole before ICU's braces), a tag counts nothing (it sits inside words: `<b>terms</b>.`), any
 * other token one space, runs of blanks one.
 */
function human(text: string): number {
  const words = text.replace(TAG, '').replace(TOKEN_RUN, ' ').replace(SYNTAX, ' ');
  return characterCount(
    words
      .replace(/\s+/g, ' ')
      .replace(/ (?=[.,!?;:])/g, '')
      .trim(),
  );
}

let totalSent = 0;
let totalHuman = 0;
console.log('file                      sent  human  ratio');
for (const name of readdirSync(CORPUS).sort()) {
  const format = formatFor(name);
  if (!format) continue;
  const source = splitBom(readFileSync(join(CORPUS, name), 'utf8')).text;
  // A text repeated in a file is sent once, as Translate File does (its batches hold distinct texts).
  const sent = new Set(runPipeline(format, source).sent);
  const sentChars = [...sent].reduce((sum, text) => sum + characterCount(text), 0);
  // Counted the same way: each distinct text once.
  const texts = new Set(format.units(source).flatMap((unit) => (unit.keep === undefined ? [unit.text] : [])));
  const humanChars = [...texts].reduce((sum, text) => sum + human(text), 0);
  totalSent += sentChars;
  totalHuman += humanChars;
  console.log(
    `${name.padEnd(24)} ${String(sentChars).padStart(5)} ${String(humanChars).padStart(6)}  ${(sentChars / humanChars).toFixed(2)}x`,
  );
}
console.log(
  `${'all'.padEnd(24)} ${String(totalSent).padStart(5)} ${String(totalHuman).padStart(6)}  ${(totalSent / totalHuman).toFixed(2)}x (goal 1.00x)`,
);
