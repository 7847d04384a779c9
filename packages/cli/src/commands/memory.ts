/**
 * `circassian memory import|export|stats|clear`: the translation memory the translate and batch
 * commands consult, shared with other tools as TMX 1.4b. Never touches the network.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MEMORY_ORIGINS,
  TmxFileTranslationMemory,
  TmxSyntaxError,
  isTranslationLanguage,
  readTmx,
  writeTmx,
  type LanguagePair,
  type MemoryOrigin,
  type PairStats,
  type MemoryUnit,
  type MemoryUnitInput,
  type TmxReadItem,
  type TranslationMemory,
} from '@circassian/core';
import packageJson from '../../package.json' with { type: 'json' };
import type { Args, Command, CommandContext } from '../command.js';
import { UsageError } from '../cli-error.js';
import { TRANSLATION_LANGUAGE_LIST } from '../languages.js';
import { MEMORY_FILE_OPTION, memoryPath, openMemory } from '../memory-file.js';

const ACTIONS = ['import', 'export', 'stats', 'clear'] as const;
type Action = (typeof ACTIONS)[number];

/** Units stored per write while importing: the journal gets one append per batch, the process holds one batch. */
const IMPORT_BATCH = 1000;

function memoryFile(args: Args, context: CommandContext): string {
  const path = memoryPath(args, context.io);
  if (path === undefined) throw new UsageError('no memory file: the environment names no home folder', 'pass --memory FILE');
  return path;
}

/** `--pair ru:kbd` as a language pair. */
function parsePair(value: string): LanguagePair {
  const [source, target, ...rest] = value.split(':');
  if (rest.length > 0 || !isTranslationLanguage(source) || !isTranslationLanguage(target)) {
    throw new UsageError(`--pair ${value} is not SOURCE:TARGET`, `e.g. --pair ru:kbd; languages: ${TRANSLATION_LANGUAGE_LIST}`);
  }
  if (source === target)
    throw new UsageError(`--pair ${value} names one language twice`, 'a pair translates from one language into another, e.g. ru:kbd');
  return { source, target };
}

function parseOrigin(value: string | undefined): MemoryOrigin | undefined {
  if (value === undefined) return undefined;
  if ((MEMORY_ORIGINS as readonly string[]).includes(value)) return value as MemoryOrigin;
  throw new UsageError(`--origin ${value} is not an origin`, `use one of ${MEMORY_ORIGINS.join(', ')}`);
}

const FILE_ERRORS: Readonly<Record<string, Readonly<Record<'read' | 'write', string>>>> = {
  ENOENT: { read: 'no such file', write: 'no such folder' },
  ENOTDIR: { read: 'no such file', write: 'no such folder' },
  EISDIR: { read: 'it is a folder', write: 'it is a folder' },
  EACCES: { read: 'permission denied', write: 'permission denied' },
  EROFS: { read: 'permission denied', write: 'read-only file system' },
};

/** A file the user named that cannot be read or written, as a usage error; undefined for other failures. */
function fileError(error: unknown, verb: 'read' | 'write', file: string): UsageError | undefined {
  const reason = FILE_ERRORS[(error as NodeJS.ErrnoException).code ?? '']?.[verb];
  return reason === undefined ? undefined : new UsageError(`cannot ${verb} ${file}: ${reason}`);
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
  let stored = 0;
  let keptHuman = 0;
  const skipped: Extract<TmxReadItem, { kind: 'skipped' }>[] = [];
  let batch: MemoryUnitInput[] = [];
  const flush = async () => {
    const result = await memory.store(batch);
    stored += result.stored;
    keptHuman += result.keptHuman;
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
  const reasons: Record<string, number[]> = {};
  for (const item of skipped) (reasons[item.reason] ??= []).push(item.tu);
  out.result(
    {
      file: path,
      units: read,
      stored,
      kept_human: keptHuman,
      skipped: Object.fromEntries(Object.entries(reasons).map(([r, tus]) => [r, tus.length])),
    },
    () => [
      `imported ${read} units from ${file}: ${stored} new or changed, ${read - stored - keptHuman} already known${keptHuman > 0 ? `, ${keptHuman} machine units not stored over a human translation` : ''}`,
      ...Object.entries(reasons).map(
        ([reason, tus]) => `skipped ${tus.length} <tu> (${reason}): ${tus.slice(0, 5).join(', ')}${tus.length > 5 ? ', ...' : ''}`,
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
    // Written beside and renamed: an interrupted export never leaves a truncated file under the real name.
    const path = resolve(io.cwd, file);
    const partial = `${path}.part`;
    try {
      // A folder is refused before anything is written beside it.
      if ((await stat(path).catch(() => undefined))?.isDirectory()) throw Object.assign(new Error(path), { code: 'EISDIR' });
      await pipeline(Readable.from(tmx), createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw fileError(error, 'write', file) ?? error;
    }
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
  summary: 'the translation memory: import or export TMX, show its statistics, clear a language pair',
  usage: 'import FILE.tmx | export -o FILE.tmx [--origin human|machine] | stats | clear [--pair SOURCE:TARGET]',
  description: [
    'translate and batch answer the texts the memory knows (same languages, same text up to palochka look-alikes,',
    'surrounding whitespace and Unicode normalisation) without a request; a human translation is never replaced by',
    'a machine one. TMX 1.4b is the exchange format: units from other tools without an origin count as human.',
  ],
  options: {
    ...MEMORY_FILE_OPTION,
    output: { type: 'string', short: 'o', value: 'FILE', description: 'export: the TMX file to write (- for stdout)' },
    origin: { type: 'string', value: 'ORIGIN', description: 'export: only units of this origin (human or machine)' },
    pair: { type: 'string', value: 'SOURCE:TARGET', description: 'clear: only this language pair, e.g. ru:kbd (default: all)' },
  },
  examples: [
    'circassian memory import corrections.tmx',
    'circassian memory export -o team.tmx --origin human',
    'circassian memory stats --memory team.jsonl',
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
    if (action !== 'import' && context.args.positionals.length > 1) throw new UsageError(`memory ${action} takes no file argument`);
    const path = memoryFile(context.args, context);
    const opened = await openMemory(path);
    const run: Record<Action, () => Promise<void>> = {
      import: () => importTmx(context, opened),
      export: () => exportTmx(context, opened),
      stats: () => showStats(context, opened, path),
      clear: () => clearUnits(context, opened),
    };
    await run[action as Action]();
  },
};
