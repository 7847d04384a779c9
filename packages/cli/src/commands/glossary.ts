/**
 * `circassian glossary check|import|export`: the term check on a source and its translation, and
 * the default glossary (beside the default memory) in and out as TBX or CSV. Never touches the network.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import {
  Glossary,
  GlossaryError,
  checkTerms,
  describeTermProblem,
  mergeGlossaries,
  writeGlossaryCsv,
  writeTbx,
  type GlossaryEntry,
  type LanguagePair,
} from '@circassian/core';
import type { Args, Command, CommandContext } from '../command.js';
import { UsageError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import { GLOSSARY_FILE_OPTION, commandGlossary, defaultGlossaryPath, readGlossaryFile } from '../glossary-file.js';
import { termProblemJson } from '../glossary-use.js';
import { readInputFile } from '../io.js';
import { LANGUAGE_OPTIONS, languagePair, parsePair } from '../languages.js';
import { writeWhole } from '../files.js';
import { splitLines } from './batch.js';

const ACTIONS = ['check', 'import', 'export'] as const;
type Action = (typeof ACTIONS)[number];

/** The glossary file import and export work on: --glossary FILE, else the default one. */
function storePath(args: Args, context: CommandContext): string {
  const named = args.string('glossary');
  const path = named === undefined ? defaultGlossaryPath(context.io.env) : resolve(context.io.cwd, named);
  if (path === undefined) throw new UsageError('no glossary file: the environment names no home folder', 'pass --glossary FILE');
  return path;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The pair a CSV is written for: --pair, else the glossary's only pair. */
function csvPair(args: Args, entries: readonly GlossaryEntry[]): LanguagePair {
  const value = args.string('pair');
  if (value !== undefined) return parsePair(value);
  const pairs = new Glossary(entries).pairs();
  const [only, ...more] = pairs;
  if (only !== undefined && more.length === 0) return only;
  throw new UsageError(
    pairs.length === 0
      ? 'the glossary is empty'
      : `a CSV holds one language pair; the glossary has ${pairs.map((p) => `${p.source}:${p.target}`).join(', ')}`,
    'name one with --pair SOURCE:TARGET, or export TBX, which holds them all',
  );
}

/** The glossary's text in the format its name (or --format) says. */
function glossaryText(args: Args, file: string, entries: readonly GlossaryEntry[]): string {
  const format = args.string('format') ?? (extname(file).toLowerCase() === '.csv' ? 'csv' : 'tbx');
  if (format === 'tbx') return writeTbx(entries);
  if (format !== 'csv') throw new UsageError(`--format ${format} is not tbx or csv`);
  const pair = csvPair(args, entries);
  return writeGlossaryCsv(pair, new Glossary(entries).entriesFor(pair));
}

async function importFile(context: CommandContext): Promise<void> {
  const { args, io, out } = context;
  const [, file, ...extra] = args.positionals;
  if (file === undefined || extra.length > 0)
    throw new UsageError('glossary import takes one file', 'circassian glossary import FILE.tbx|FILE.csv');
  // The whole file is read and checked before the glossary is touched: a bad one changes nothing.
  const incoming = await readGlossaryFile(resolve(io.cwd, file), file);
  const store = storePath(args, context);
  const existing = (await exists(store)) ? (await readGlossaryFile(store, store)).entries : [];
  const merged = mergeGlossaries(existing, incoming.entries);
  let text: string;
  try {
    text = glossaryText(args, store, new Glossary(merged.entries).entries);
  } catch (error) {
    if (error instanceof GlossaryError) throw new UsageError(`${file}: ${error.message}; nothing was imported`);
    throw error;
  }
  await mkdir(dirname(store), { recursive: true });
  await writeWhole(store, store, text);
  const skipped = incoming.skipped.map((item) => `skipped concept entry ${item.entry} (${item.reason}): ${item.detail}`);
  out.result(
    { file: store, entries: incoming.entries.length, added: merged.added, replaced: merged.replaced, skipped: incoming.skipped },
    () => [
      `imported ${incoming.entries.length} entries from ${file} into ${store}: ${merged.added} new, ${merged.replaced} replaced`,
      ...skipped,
    ],
  );
}

async function exportFile(context: CommandContext): Promise<void> {
  const { args, io, out } = context;
  const file = args.requireString('output', 'circassian glossary export -o FILE.tbx|FILE.csv');
  const store = storePath(args, context);
  if (!(await exists(store))) throw new UsageError(`no glossary at ${store}`, 'import one first: circassian glossary import FILE');
  const { entries } = await readGlossaryFile(store, store);
  const text = glossaryText(args, file === '-' ? '-' : file, entries);
  if (file === '-') {
    io.stdout.write(text);
    return;
  }
  await writeWhole(resolve(io.cwd, file), file, text);
  out.result({ file: resolve(io.cwd, file), entries: entries.length }, () => [`exported ${entries.length} entries to ${file}`]);
}

/** Source and target texts to check: the two arguments, or with --files the lines of two files, line by line. */
async function textsToCheck(args: Args, context: CommandContext): Promise<{ where: string; source: string; target: string }[]> {
  const [, source, target, ...extra] = args.positionals;
  if (source === undefined || target === undefined || extra.length > 0)
    throw new UsageError('glossary check takes a source and its translation', 'circassian glossary check --from ru --to kbd SOURCE TARGET');
  if (!args.flag('files')) return [{ where: '', source, target }];
  const sources = splitLines((await readInputFile(context.io, source)).text.replace(/^\uFEFF/u, ''));
  const targets = splitLines((await readInputFile(context.io, target)).text.replace(/^\uFEFF/u, ''));
  if (sources.length !== targets.length)
    throw new UsageError(
      `${source} has ${sources.length} lines and ${target} ${targets.length}`,
      'a translation has one line per source line',
    );
  return sources.map((line, i) => ({ where: `${target}:${i + 1}: `, source: line, target: targets[i] ?? '' }));
}

async function check(context: CommandContext): Promise<ExitCode> {
  const { args, io, out } = context;
  const languages = languagePair(args);
  if (languages.source_lang === undefined) throw new UsageError('missing --from LANG', 'the check compares terms of one language pair');
  const pair = { source: languages.source_lang, target: languages.target_lang };
  const found = await commandGlossary(args, io);
  if (found === undefined)
    throw new UsageError('no glossary to check against', 'pass --glossary FILE, or import one: circassian glossary import FILE');
  const texts = await textsToCheck(args, context);
  const problems = texts.flatMap(({ where, source, target }) =>
    checkTerms(found.glossary, pair, source, target).map((problem) => ({ where, problem })),
  );
  out.result(
    {
      problems: problems.map(({ where, problem }) => ({
        ...(where === '' ? {} : { line: Number(/:(\d+): $/u.exec(where)?.[1]) }),
        ...termProblemJson(problem),
      })),
    },
    () => problems.map(({ where, problem }) => `${where}${describeTermProblem(problem)}`),
  );
  if (problems.length === 0) return ExitCode.ok;
  out.notice(`${problems.length} term problem${problems.length === 1 ? '' : 's'}`);
  return ExitCode.checkFailed;
}

export const glossary: Command = {
  name: 'glossary',
  summary: 'the glossary: check a translation against it, import or export TBX and CSV (no network)',
  usage: 'check --from LANG --to LANG [--glossary FILE] SOURCE TARGET | import FILE | export -o FILE [--pair SOURCE:TARGET]',
  description: [
    'check: a keep or translate term in SOURCE whose agreed form is not in TARGET, and forbidden words in TARGET,',
    `one line each; exit ${ExitCode.checkFailed} when there are any, 0 when clean (--files: SOURCE and TARGET are files, line by line).`,
    'import and export work on the default glossary (circassian/glossary.tbx beside the translation memory), which',
    'translate, batch and speak apply, or on --glossary FILE. A .csv has the header ru,kbd,type,note (types keep,',
    'translate, forbidden, say); anything else is TBX-Basic. An invalid file is refused whole and changes nothing.',
  ],
  options: {
    ...LANGUAGE_OPTIONS,
    ...GLOSSARY_FILE_OPTION,
    files: { type: 'boolean', description: 'check: SOURCE and TARGET name files, checked line by line' },
    output: { type: 'string', short: 'o', value: 'FILE', description: 'export: the file to write, .tbx or .csv (- for stdout)' },
    format: { type: 'string', value: 'tbx|csv', description: 'export: the format (default: by the file name; TBX for -)' },
    pair: { type: 'string', value: 'SOURCE:TARGET', description: 'export to CSV: the language pair (default: the only one)' },
  },
  examples: [
    'circassian glossary check --from ru --to kbd --glossary terms.csv "Я живу в Нальчике" "Сэ Налшыкым сыщопсэу"',
    'circassian glossary check --from ru --to kbd --files site.ru.txt site.kbd.txt',
    'circassian glossary import terms.tbx',
    'circassian glossary export -o terms.csv --pair ru:kbd',
  ],
  usesService: false,
  async run(context) {
    const action = context.args.positionals[0];
    if (action === undefined || !(ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(
        action === undefined ? 'glossary needs an action' : `unknown glossary action "${action}"`,
        `one of ${ACTIONS.join(', ')}: see \`circassian glossary --help\``,
      );
    }
    if (action === 'export' && context.args.positionals.length > 1)
      throw new UsageError('glossary export takes no file argument: use -o FILE');
    const run: Record<Action, () => Promise<ExitCode | void>> = {
      check: () => check(context),
      import: () => importFile(context),
      export: () => exportFile(context),
    };
    return run[action as Action]();
  },
};
