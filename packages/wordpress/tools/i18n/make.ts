// `pnpm --filter @circassian/wordpress i18n`: the plugin's interface translations, remade from
// the sources. languages/circassian.pot from the PHP (tools/i18n/extract-php.php, PHP's own
// tokenizer), the editor scripts (extract-js.ts, Babel's parser), block.json and the plugin
// header; each languages/circassian-{locale}.po brought up to date with it (translations kept,
// new strings added untranslated, gone ones dropped); then .mo for PHP and, per built script,
// circassian-{locale}-{md5 of build/…/index.js}.json, the names `wp i18n make-json` gives.
// There is no WP-CLI here, so this does what `wp i18n make-pot`/`make-json` would.
// `--check` changes nothing and exits 1 when a file is not what the sources make.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMo, entryKey, jedJson, parsePo, writePo, type Catalogue, type PoEntry } from './po.js';
import { moduleFiles, scriptEntries, stringsOfBlockJson, stringsOfScript, TEXT_DOMAIN, type FoundString } from './extract-js.js';

export const PLUGIN_DIR = join(import.meta.dirname, '..', '..');
export const LANGUAGES_DIR = join(PLUGIN_DIR, 'languages');
export const POT_PATH = join(LANGUAGES_DIR, `${TEXT_DOMAIN}.pot`);

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name), suffix) : entry.name.endsWith(suffix) ? [join(dir, entry.name)] : [],
    )
    .sort();
}

function phpFiles(): string[] {
  return [join(PLUGIN_DIR, 'circassian.php'), join(PLUGIN_DIR, 'uninstall.php'), ...filesUnder(join(PLUGIN_DIR, 'includes'), '.php')];
}

/** The plugin header's translatable fields, as make-pot takes them. */
function headerStrings(): FoundString[] {
  const main = readFileSync(join(PLUGIN_DIR, 'circassian.php'), 'utf8');
  return (['Plugin Name', 'Description'] as const).flatMap((field) => {
    const value = new RegExp(`^\\s*\\*\\s*${field}:\\s*(.+)$`, 'm').exec(main)?.[1]?.trim();
    return value ? [{ id: value, comment: `${field} of the plugin`, reference: 'circassian.php' }] : [];
  });
}

/** Every string of the sources. */
export function extractStrings(): FoundString[] {
  const php = JSON.parse(
    execFileSync('php', [join(import.meta.dirname, 'extract-php.php'), ...phpFiles().map((file) => relative(PLUGIN_DIR, file))], {
      cwd: PLUGIN_DIR,
      encoding: 'utf8',
    }),
  ) as FoundString[];
  const src = join(PLUGIN_DIR, 'src');
  return [
    ...headerStrings(),
    ...php,
    ...filesUnder(src, 'block.json').flatMap((file) => stringsOfBlockJson(PLUGIN_DIR, file)),
    ...filesUnder(src, '.js').flatMap((file) => stringsOfScript(PLUGIN_DIR, file)),
  ];
}

/** The strings as catalogue entries, one per context and msgid, their references and notes merged. */
export function templateEntries(found: readonly FoundString[]): PoEntry[] {
  const byKey = new Map<string, { entry: Omit<PoEntry, 'comments' | 'references'>; comments: Set<string>; references: Set<string> }>();
  for (const item of found) {
    const key = entryKey(item);
    const known = byKey.get(key) ?? {
      entry: {
        ...(item.context === undefined ? {} : { context: item.context }),
        id: item.id,
        ...(item.plural === undefined ? {} : { plural: item.plural }),
        translations: [],
      },
      comments: new Set<string>(),
      references: new Set<string>(),
    };
    if (item.comment) known.comments.add(item.comment);
    known.references.add(item.reference);
    byKey.set(key, known);
  }
  return [...byKey.values()]
    .map(({ entry, comments, references }) => ({ ...entry, comments: [...comments], references: [...references].sort() }))
    .sort((a, b) => (a.references[0] ?? '').localeCompare(b.references[0] ?? '') || entryKey(a).localeCompare(entryKey(b)));
}

const TEMPLATE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Project-Id-Version', 'Circassian'],
  ['Report-Msgid-Bugs-To', 'https://github.com/circassian/circassian-pack/issues'],
  ['MIME-Version', '1.0'],
  ['Content-Type', 'text/plain; charset=UTF-8'],
  ['Content-Transfer-Encoding', '8bit'],
  ['X-Domain', TEXT_DOMAIN],
];

/** A translation brought up to date with the template: its translations kept, its own headers kept. */
export function mergeTranslation(template: readonly PoEntry[], translation: Catalogue): Catalogue {
  const known = new Map(translation.entries.map((entry) => [entryKey(entry), entry]));
  return {
    headers: translation.headers,
    entries: template.map((entry) => ({
      ...entry,
      translations: known.get(entryKey(entry))?.translations ?? (entry.plural === undefined ? [''] : []),
    })),
  };
}

/** Every file this tool writes, by path, with its content. */
export function generatedFiles(): Map<string, string | Buffer> {
  const template = templateEntries(extractStrings());
  const files = new Map<string, string | Buffer>([
    [POT_PATH, writePo({ headers: TEMPLATE_HEADERS, entries: template }, { template: true })],
  ]);
  const src = join(PLUGIN_DIR, 'src');
  const extra = JSON.parse(readFileSync(join(PLUGIN_DIR, 'tools', 'script-entries.json'), 'utf8')) as Record<string, string>;
  delete extra['$comment'];
  const scripts = scriptEntries(PLUGIN_DIR, filesUnder(src, 'block.json'), extra).map(({ built, entry }) => ({
    built,
    sources: new Set(moduleFiles(entry).map((file) => relative(PLUGIN_DIR, file))),
  }));
  for (const name of readdirSync(LANGUAGES_DIR).filter((file) => file.endsWith('.po'))) {
    const locale = name.slice(`${TEXT_DOMAIN}-`.length, -'.po'.length);
    const catalogue = mergeTranslation(template, parsePo(readFileSync(join(LANGUAGES_DIR, name), 'utf8')));
    files.set(join(LANGUAGES_DIR, name), writePo(catalogue));
    files.set(join(LANGUAGES_DIR, `${TEXT_DOMAIN}-${locale}.mo`), compileMo(catalogue));
    for (const script of scripts) {
      const entries = catalogue.entries.filter((entry) => entry.references.some((reference) => script.sources.has(reference)));
      const md5 = createHash('md5').update(script.built).digest('hex');
      files.set(join(LANGUAGES_DIR, `${TEXT_DOMAIN}-${locale}-${md5}.json`), jedJson(catalogue, entries, script.built));
    }
  }
  return files;
}

function main(): void {
  const check = process.argv.includes('--check');
  const files = generatedFiles();
  const stale = [...files].filter(([path, content]) => !existsSync(path) || !readFileSync(path).equals(Buffer.from(content)));
  // JSON of scripts that no longer exist.
  const leftover = readdirSync(LANGUAGES_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(LANGUAGES_DIR, name))
    .filter((path) => !files.has(path));
  if (check) {
    for (const [path] of stale) process.stderr.write(`out of date: ${relative(PLUGIN_DIR, path)}\n`);
    for (const path of leftover) process.stderr.write(`left over: ${relative(PLUGIN_DIR, path)}\n`);
    process.exitCode = stale.length + leftover.length > 0 ? 1 : 0;
    return;
  }
  for (const [path, content] of stale) writeFileSync(path, content);
  for (const path of leftover) rmSync(path);
  process.stdout.write(`${files.size} files, ${stale.length} written, ${leftover.length} removed\n`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
