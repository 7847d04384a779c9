/**
 * `circassian memory search TEXT` (concordance: units holding a word or phrase in either language)
 * and `circassian memory fuzzy TEXT --from L --to L` (the best near matches of a source text, with
 * percentages): what a translator asks the memory before translating by hand. Both read core's
 * SearchableTranslationMemory; neither changes the memory nor touches the network.
 */
import type { SearchableTranslationMemory } from '@circassian/core';
import type { Args, CommandContext } from '../command.js';
import { UsageError } from '../cli-error.js';
import { parsePair, translationLanguage } from '../languages.js';
import { memoryUser } from '../memory-file.js';
import { unitJson, unitLine } from '../memory-units.js';

/** Units a search prints unless `--limit` says otherwise. */
const SEARCH_LIMIT = 20;

/** The words after the action, as one text; a usage error when there are none. */
function textArgument(args: Args, usage: string): string {
  const text = args.positionals.slice(1).join(' ');
  if (text.trim() === '') throw new UsageError(`memory ${args.positionals[0]} needs a text`, usage);
  return text;
}

/** `--NAME` as a whole number from `low` to `high`, else `fallback`. */
function wholeOption(args: Args, name: string, low: number, high: number, fallback: number): number {
  const value = args.number(name) ?? fallback;
  if (!Number.isInteger(value) || value < low || value > high)
    throw new UsageError(`--${name} must be a whole number from ${low}${high === Infinity ? ' up' : ` to ${high}`}, got ${value}`);
  return value;
}

export async function searchUnits({ args, io, out }: CommandContext, memory: SearchableTranslationMemory, path: string): Promise<void> {
  const phrase = textArgument(args, 'circassian memory search "доброе утро" [--pair ru:kbd]');
  const value = args.string('pair');
  const pair = value === undefined ? undefined : parsePair(value);
  const limit = wholeOption(args, 'limit', 1, Infinity, SEARCH_LIMIT);
  const asker = memoryUser(args, io);
  const hits = await memory.search(phrase, { ...(pair ? { pair } : {}), ...(asker !== undefined ? { asker } : {}) });
  const shown = hits.slice(0, limit);
  out.result(
    { file: path, phrase, total: hits.length, units: shown.map(({ unit, foundIn }) => ({ found_in: foundIn, ...unitJson(unit) })) },
    () => [
      ...shown.map(({ unit, foundIn }) => `[${foundIn}] ${unitLine(unit)}`),
      `${hits.length === shown.length ? hits.length : `${shown.length} of ${hits.length}`} units hold ${JSON.stringify(phrase)}${pair ? ` in ${pair.source} -> ${pair.target}` : ''}${hits.length > shown.length ? ' (--limit N for more)' : ''}, in ${path}`,
    ],
  );
}

export async function fuzzyMatches({ args, io, out }: CommandContext, memory: SearchableTranslationMemory, path: string): Promise<void> {
  const usage = 'circassian memory fuzzy "Откройте файл" --from ru --to kbd [--min 75]';
  const text = textArgument(args, usage);
  const source = translationLanguage(args, 'from');
  const target = translationLanguage(args, 'to');
  if (source === undefined || target === undefined) throw new UsageError('memory fuzzy needs --from and --to', usage);
  const pair = parsePair(`${source}:${target}`);
  const min = wholeOption(args, 'min', 1, 100, 75);
  const limit = wholeOption(args, 'limit', 1, Infinity, 3);
  const context = args.string('context');
  const asker = memoryUser(args, io);
  const matches = await memory.fuzzy(pair, text, {
    min,
    limit,
    ...(context !== undefined ? { context } : {}),
    ...(asker !== undefined ? { asker } : {}),
  });
  out.result(
    {
      file: path,
      text,
      source_lang: source,
      target_lang: target,
      min,
      matches: matches.map(({ unit, percent }) => ({ percent, ...unitJson(unit) })),
    },
    () => [
      ...matches.map(({ unit, percent }) => `${percent}% ${unitLine(unit)}`),
      matches.length === 0
        ? `no unit of ${source} -> ${target} matches ${JSON.stringify(text)} by ${min}% or more, in ${path}`
        : `${matches.length} near match${matches.length === 1 ? '' : 'es'} of ${min}% or more (suggestions: translate uses exact matches only), in ${path}`,
    ],
  );
}
