/**
 * Writes vectors/glossary-tbx.json: what core reads and writes as TBX, for the PHP reader and
 * writer (includes/Glossary/Tbx_Reader.php, Tbx_Writer.php) to be held to entry for entry and byte
 * for byte (test/phpunit/Glossary/Glossary_Tbx_Tests.php):
 * - `fixtures`: core's readTbx of packages/core/test/fixtures/glossary/*.tbx (a TBX-Basic sample of
 *   another tool, Weblate's export, the 2019 form), the entries and the concepts skipped, each
 *   file's text beside them;
 * - `written`: core's writeTbx of all those entries.
 * Entries in the plugin's shape (snake_case). Run: pnpm --filter @circassian/wordpress exec tsx
 * tools/tbx-vectors.ts. test/tbx-vectors.test.ts fails when the file is not what core does now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTbx, writeTbx, type GlossaryEntry } from '@circassian/core';

export const TBX_VECTORS_PATH = join(import.meta.dirname, '..', 'vectors', 'glossary-tbx.json');
const FIXTURES = join(import.meta.dirname, '..', '..', 'core', 'test', 'fixtures', 'glossary');
const FIXTURE_NAMES = ['tbx-basic-sample.tbx', 'weblate-export.tbx', 'tbx-v3-basic.tbx'] as const;

/** An entry as the plugin keeps it. */
function row(entry: GlossaryEntry): Record<string, unknown> {
  return {
    source_lang: entry.sourceLang,
    target_lang: entry.targetLang,
    type: entry.type,
    source: entry.source,
    target: entry.target,
    ...(entry.note === undefined ? {} : { note: entry.note }),
    ...(entry.partOfSpeech === undefined ? {} : { part_of_speech: entry.partOfSpeech }),
    ...(entry.caseSensitive === true ? { case_sensitive: true } : {}),
    ...(entry.stem === true ? { stem: true } : {}),
  };
}

export async function tbxVectors(): Promise<unknown> {
  const fixtures: Record<string, unknown> = {};
  const all: GlossaryEntry[] = [];
  for (const name of FIXTURE_NAMES) {
    const text = readFileSync(join(FIXTURES, name), 'utf8');
    const read = await readTbx(text);
    all.push(...read.entries);
    fixtures[name] = { tbx: text, entries: read.entries.map(row), skipped: read.skipped };
  }
  return {
    note: 'Written by tools/tbx-vectors.ts from @circassian/core: do not edit by hand.',
    fixtures,
    entries: all.map(row),
    written: writeTbx(all),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TBX_VECTORS_PATH, `${JSON.stringify(await tbxVectors(), null, 1)}\n`);
}
