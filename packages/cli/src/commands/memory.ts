/**
 * `circassian memory import|export|stats|list|remove|clear`: the translation memory the translate
 * and batch commands consult, shared with other tools as TMX 1.4b; who taught what, listed and
 * undone by name. Never touches the network.
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import {
  MEMORY_ORIGINS,
  TmxFileTranslationMemory,
  TmxSyntaxError,
  matchesMemoryFilter,
  readTmx,
  writeTmx,
  type MemoryFilter,
  type MemoryOrigin,
  type PairStats,
  type MemoryUnit,
  type MemoryUnitInput,
  type StoreResult,
  type TmxReadItem,
  type TranslationMemory,
} from '@circassian/core';
import packageJson from '../../package.json' with { type: 'json' };
import type { Args, Command, CommandContext } from '../command.js';
import { UsageError } from '../cli-error.js';
import { fileError, writeWhole } from '../files.js';
import { MEMORY_FILE_OPTION, memoryPath, memoryUser, openMemory } from '../memory-file.js';
import { parsePair } from '../languages.js';
import { unitJson, unitLine } from '../memory-units.js';
import { fuzzyMatches, searchUnits } from './memory-search.js';

const ACTIONS = ['import', 'export', 'stats', 'list', 'search', 'fuzzy', 'remove', 'clear'] as const;
type Action = (typeof ACTIONS)[number];

/** Units stored per write while importing: the journal gets one append per batch, the process holds one batch. */
const IMPORT_BATCH = 1000;

function memoryFile(args: Args, context: CommandContext): string {
  const path = memoryPath(args, context.io);
  if (path === undefined) throw new UsageError('no memory file: the environment names no home folder', 'pass --memory FILE');
  return path;
}

function parseOrigin(value: string | undefined): MemoryOrigin | undefined {
  if (value === undefined) return undefined;
  if ((MEMORY_ORIGINS as readonly string[]).includes(value)) return value as MemoryOrigin;
  throw new UsageError(`--origin ${value} is not an origin`, `use one of ${MEMORY_ORIGINS.join(', ')}`);
}

/** The TMX file's items (readTmx refuses a file that is not one <tmx> document); an unreadable file is a usage error. */
async function* tmxItems(path: string, file: string): AsyncGenerator<TmxReadItem> {
  try {
    yield* readTmx(createReadStream(path, { highWaterMark: 64 * 1024 }));
  } catch (error) {
    const unusable = fileError(error, 'read', file);
    if (unusable) throw unusable;
    if (error instanceof TmxSyntaxError)
      throw new UsageError(`${file} is not readable TMX: ${error.message}; nothing was imported`, 'export it again from its tool');
    throw error;
  }
}

async function importTmx({ args, io, out }: CommandContext, memory: TranslationMemory): Promise<void> {
  const [, file, ...extra] = args.positionals;
  if (file === undefined || extra.length > 0) throw new UsageError('memory import takes one TMX file', 'circassian memory import FILE.tmx');
  const path = resolve(io.cwd, file);
  // Read through once before storing anything: a file that turns out cut short or not TMX leaves
  // the memory as it was. Two reads keep the memory held to one batch for a file of any size.
  for await (const item of tmxItems(path, file)) void item;
  // A TMX memory holds every unit in the process anyway and rewrites its file on each store: one store.
  const batchSize = memory instanceof TmxFileTranslationMemory ? Number.POSITIVE_INFINITY : IMPORT_BATCH;
  let read = 0;
  const total = { stored: 0, keptHuman: 0, keptReviewed: 0, keptNewer: 0, replacedReviewed: 0 };
  const skipped: Extract<TmxReadItem, { kind: 'skipped' }>[] = [];
  let batch: MemoryUnitInput[] = [];
  const flush = async () => {
    const result: StoreResult = await memory.store(batch);
    for (const count of Object.keys(total) as (keyof StoreResult)[]) total[count] += result[count];
    batch = [];
  };
  for await (const item of tmxItems(path, file)) {
    if (item.kind === 'skipped') {
      skipped.push(item);
      continue;
    }
    read++;
    batch.push(item.unit);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  const reasons: Record<string, Array<Extract<TmxReadItem, { kind: 'skipped' }>>> = {};
  for (const item of skipped) (reasons[item.reason] ??= []).push(item);
  const { stored, keptHuman, keptReviewed, keptNewer, replacedReviewed } = total;
  const keptOut = [
    ...(keptHuman > 0 ? [`${keptHuman} machine units not stored over a person's translation`] : []),
    ...(keptReviewed > 0 ? [`${keptReviewed} human units not stored over a reviewed one`] : []),
    ...(keptNewer > 0 ? [`${keptNewer} units older than the one kept`] : []),
    ...(replacedReviewed > 0 ? [`${replacedReviewed} reviewed units replaced by newer reviewed ones`] : []),
  ];
  out.result(
    {
      file: path,
      units: read,
      stored,
      kept_human: keptHuman,
      kept_reviewed: keptReviewed,
      kept_newer: keptNewer,
      replaced_reviewed: replacedReviewed,
      skipped: Object.fromEntries(Object.entries(reasons).map(([r, items]) => [r, items.length])),
      left_out: skipped.map(({ tu, reason, detail }) => ({ tu, reason, detail })),
    },
    () => [
      `imported ${read} units from ${file}: ${stored} new or changed, ${read - stored - keptHuman - keptReviewed - keptNewer} already known${keptOut.map((part) => `, ${part}`).join('')}`,
      // Each reason once, with the first few <tu>s (by position in the file) and what was wrong with each.
      ...Object.entries(reasons).map(
        ([reason, items]) =>
          `left out ${items.length} (${reason}): ${items
            .slice(0, 5)
            .map((item) => `<tu> ${item.tu}, ${item.detail}`)
            .join('; ')}${items.length > 5 ? '; ...' : ''}`,
      ),
    ],
  );
}

async function exportTmx({ args, io, out }: CommandContext, memory: TranslationMemory): Promise<void> {
  const file = args.requireString('output', 'circassian memory export -o FILE.tmx');
  const origin = parseOrigin(args.string('origin'));
  let units = 0;
  async function* counted(): AsyncGenerator<MemoryUnit> {
    for await (const unit of memory.units()) {
      if (origin === undefined || unit.origin === origin) units++;
      yield unit;
    }
  }
  const skipped: MemoryUnit[] = [];
  const tmx = writeTmx(counted(), {
    ...(origin !== undefined ? { origin } : {}),
    tool: { name: 'circassian', version: packageJson.version },
    onSkip: (unit) => skipped.push(unit),
  });
  if (file === '-') {
    for await (const chunk of tmx) io.stdout.write(chunk);
  } else {
    await writeWhole(resolve(io.cwd, file), file, tmx);
  }
  for (const unit of skipped) out.notice(`left out of the TMX (a character XML cannot carry): ${JSON.stringify(unit.source).slice(0, 60)}`);
  if (file !== '-')
    out.result({ file: resolve(io.cwd, file), units: units - skipped.length }, () => [
      `exported ${units - skipped.length} units to ${file}`,
    ]);
}

/** "3 reviewed, 2 human, 40 machine, 1 suggestion": the origins a pair has (human and machine always), strongest first. */
function originCounts({ byOrigin, suggestions }: PairStats): string {
  return [
    ...(byOrigin.reviewed > 0 ? [`${byOrigin.reviewed} reviewed`] : []),
    `${byOrigin.human} human`,
    `${byOrigin.machine} machine`,
    ...(suggestions > 0 ? [`${suggestions} suggestion${suggestions === 1 ? '' : 's'}`] : []),
  ].join(', ');
}

async function showStats({ out }: CommandContext, memory: TranslationMemory, path: string): Promise<void> {
  const stats = await memory.stats();
  // The command's JSON uses the service's snake_case, as every other command's does.
  const json = {
    file: path,
    units: stats.units,
    saved_characters: stats.savedCharacters,
    pairs: stats.pairs.map(({ source, target, units, byOrigin, suggestions, savedCharacters }) => ({
      source,
      target,
      units,
      by_origin: byOrigin,
      suggestions,
      saved_characters: savedCharacters,
    })),
  };
  out.result(json, () => [
    ...stats.pairs.map(
      (pair) => `${pair.source} -> ${pair.target}: ${pair.units} units (${originCounts(pair)}), ${pair.savedCharacters} characters saved`,
    ),
    `${stats.units} units, ${stats.savedCharacters} characters saved, in ${path}`,
  ]);
}

/** `--by`, `--origin`, `--pair` as a filter of units. */
function unitFilter(args: Args): MemoryFilter {
  const by = args.string('by');
  const origin = parseOrigin(args.string('origin'));
  const pair = args.string('pair');
  if (by !== undefined && by.trim() === '') throw new UsageError('--by needs a name', 'e.g. --by anna');
  return {
    ...(by !== undefined ? { by } : {}),
    ...(origin !== undefined ? { origin } : {}),
    ...(pair !== undefined ? { pair: parsePair(pair) } : {}),
  };
}

/** What a filter says, for a result line: " by anna, human, of ru -> kbd". */
function filterWords({ by, origin, pair }: MemoryFilter): string {
  return [
    ...(by !== undefined ? [`by ${by}`] : []),
    ...(origin !== undefined ? [origin] : []),
    ...(pair ? [`of ${pair.source} -> ${pair.target}`] : []),
  ]
    .map((part) => ` ${part}`)
    .join(',');
}

async function listUnits({ args, out }: CommandContext, memory: TranslationMemory, path: string): Promise<void> {
  const filter = unitFilter(args);
  const units: MemoryUnit[] = [];
  for await (const unit of memory.units()) if (matchesMemoryFilter(unit, filter)) units.push(unit);
  const suggestions = units.filter((unit) => unit.suggestion).length;
  out.result({ file: path, units: units.map(unitJson) }, () => [
    ...units.map(unitLine),
    `${units.length} units${filterWords(filter)}${suggestions > 0 ? ` (${suggestions} of them suggestions)` : ''}, in ${path}`,
  ]);
}

async function removeUnits({ args, out }: CommandContext, memory: TranslationMemory): Promise<void> {
  const filter = unitFilter(args);
  if (filter.by === undefined)
    throw new UsageError(
      'memory remove needs --by NAME',
      'remove what one person taught: --by NAME [--origin ORIGIN] [--pair SOURCE:TARGET]; clear removes whole pairs',
    );
  const removed = await memory.remove(filter);
  out.result(
    {
      removed,
      by: filter.by,
      ...(filter.origin ? { origin: filter.origin } : {}),
      ...(filter.pair ? { pair: `${filter.pair.source}:${filter.pair.target}` } : {}),
    },
    () => [`removed ${removed} units${filterWords(filter)}`],
  );
}

async function clearUnits({ args, out }: CommandContext, memory: TranslationMemory): Promise<void> {
  const value = args.string('pair');
  const pair = value === undefined ? undefined : parsePair(value);
  const removed = await memory.clear(pair);
  out.result({ removed, ...(pair ? { pair: `${pair.source}:${pair.target}` } : {}) }, () => [
    `removed ${removed} units${pair ? ` of ${pair.source} -> ${pair.target}` : ''}`,
  ]);
}

export const memory: Command = {
  name: 'memory',
  summary: 'the translation memory: import or export TMX, statistics, list or remove what one person taught, clear a pair',
  usage:
    'import FILE.tmx | export -o FILE.tmx | stats | list [--by NAME] [--origin ORIGIN] | search TEXT [--pair SOURCE:TARGET] | fuzzy TEXT --from LANG --to LANG [--min 75] | remove --by NAME [--origin ORIGIN] | clear [--pair SOURCE:TARGET]',
  description: [
    'translate and batch answer the texts the memory knows (same languages, same text up to palochka look-alikes,',
    'surrounding whitespace and Unicode normalisation) without a request. Origins, strongest first: reviewed, human,',
    'machine; a weaker unit never replaces a stronger one, and an older one (an import) never a newer one of its origin.',
    'Every unit names who made it and who last changed it: what this run stores is by --as NAME, else $CIRCASSIAN_USER,',
    'else your user name. list shows units (suggestions, corrections a host kept for review, as such); remove --by takes',
    'away what one person wrote. search finds units holding a word or phrase in either language (palochka look-alikes and',
    'case aside), strongest first; fuzzy gives a text’s best near matches with a percentage (word-level edit distance, see',
    'the README): suggestions to choose from, never used by translate. TMX 1.4b is the exchange format: units from other',
    'tools without an origin count as human.',
  ],
  options: {
    ...MEMORY_FILE_OPTION,
    output: { type: 'string', short: 'o', value: 'FILE', description: 'export: the TMX file to write (- for stdout)' },
    origin: {
      type: 'string',
      value: 'ORIGIN',
      description: 'export, list, remove: only units of this origin (machine, human or reviewed)',
    },
    by: { type: 'string', value: 'NAME', description: 'list, remove: only units whose translation NAME wrote (last changed, else made)' },
    pair: {
      type: 'string',
      value: 'SOURCE:TARGET',
      description: 'list, search, remove, clear: only this language pair, e.g. ru:kbd (default: all)',
    },
    from: { type: 'string', value: 'LANG', description: 'fuzzy: the text’s language' },
    to: { type: 'string', value: 'LANG', description: 'fuzzy: the language of the translations wanted' },
    min: { type: 'string', value: 'PERCENT', description: 'fuzzy: the lowest percentage shown, 1 to 100 (default: 75)' },
    limit: { type: 'string', value: 'N', description: 'fuzzy: at most N matches (default: 3); search: at most N units (default: 20)' },
    context: { type: 'string', value: 'TEXT', description: 'fuzzy: the text’s context (msgctxt, a key): only units of that context match' },
  },
  examples: [
    'circassian memory import corrections.tmx --as anna',
    'circassian memory export -o team.tmx --origin human',
    'circassian memory stats --memory team.jsonl',
    'circassian memory list --by anna --origin human',
    'circassian memory search "фIыуэ" --pair ru:kbd',
    'circassian memory fuzzy "Откройте папку сейчас" --from ru --to kbd --min 60',
    'circassian memory remove --by intern --memory .circassian/memory.tmx',
    'circassian memory clear --pair ru:kbd',
  ],
  usesService: false,
  async run(context) {
    const action = context.args.positionals[0];
    if (action === undefined || !(ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(
        action === undefined ? 'memory needs an action' : `unknown memory action "${action}"`,
        `one of ${ACTIONS.join(', ')}: see \`circassian memory --help\``,
      );
    }
    const takesText = action === 'import' || action === 'search' || action === 'fuzzy';
    if (!takesText && context.args.positionals.length > 1) throw new UsageError(`memory ${action} takes no file argument`);
    const path = memoryFile(context.args, context);
    const opened = await openMemory(path, memoryUser(context.args, context.io));
    const run: Record<Action, () => Promise<void>> = {
      import: () => importTmx(context, opened),
      export: () => exportTmx(context, opened),
      stats: () => showStats(context, opened, path),
      list: () => listUnits(context, opened, path),
      search: () => searchUnits(context, opened, path),
      fuzzy: () => fuzzyMatches(context, opened, path),
      remove: () => removeUnits(context, opened),
      clear: () => clearUnits(context, opened),
    };
    await run[action as Action]();
  },
};
