import {
  DEFAULT_PALOCHKA_TARGET,
  countPalochkaLookalikes,
  findPalochkaLookalikes,
  normalizePalochka,
  type PalochkaOptions,
  type PalochkaTarget,
} from '@circassian/core/palochka';
import type { Args, Command } from '../command.js';
import { UsageError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import { writeWhole } from '../files.js';
import { readInputFile, readStdin, type CliIo } from '../io.js';
import type { Output } from '../output.js';
import { positionsOf } from '../positions.js';

/** The code points `--target` accepts, and the characters that may be given for them. */
const TARGETS: Readonly<Record<PalochkaTarget, string>> = { 'U+04C0': '\u04C0', 'U+04CF': '\u04CF' };

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function palochkaOptions(args: Args): PalochkaOptions {
  const value = args.string('target');
  if (value === undefined) return {};
  const target = (Object.keys(TARGETS) as PalochkaTarget[]).find((name) => value.toUpperCase() === name || value === TARGETS[name]);
  if (target === undefined) throw new UsageError(`--target ${value} is not a palochka`, `use ${Object.keys(TARGETS).join(' or ')}`);
  return { target };
}

interface Source {
  /** The name shown in messages: the path as given, or `<stdin>`. */
  readonly name: string;
  readonly path?: string;
  readonly text: string;
}

async function readSources(args: Args, io: CliIo): Promise<Source[]> {
  if (args.positionals.length === 0) return [{ name: '<stdin>', text: await readStdin(io, 'text') }];
  return Promise.all(args.positionals.map(async (name) => ({ name, ...(await readInputFile(io, name)) })));
}

function check(sources: readonly Source[], options: PalochkaOptions, out: Output): ExitCode {
  const files = sources.map((source) => {
    const position = positionsOf(source.text);
    const lookalikes = findPalochkaLookalikes(source.text, options).map((range) => ({
      ...position(range.start),
      offset: range.start,
      found: range.found,
      code_point: codePoint(range.found),
      replacement: range.replacement,
    }));
    return { file: source.name, lookalikes };
  });
  const count = files.reduce((sum, file) => sum + file.lookalikes.length, 0);
  out.result({ count, files }, () =>
    files.flatMap((file) =>
      file.lookalikes.map(
        (hit) =>
          `${file.file}:${hit.line}:${hit.column}: "${hit.found}" (${hit.code_point}) -> ${hit.replacement} (${codePoint(hit.replacement)})`,
      ),
    ),
  );
  if (count === 0) return ExitCode.ok;
  const withHits = files.filter((file) => file.lookalikes.length > 0).length;
  out.notice(
    `${count} palochka look-alike${count === 1 ? '' : 's'} in ${withHits} input${withHits === 1 ? '' : 's'}; fix with \`circassian palochka --write FILES\``,
  );
  return ExitCode.checkFailed;
}

export const palochka: Command = {
  name: 'palochka',
  summary: 'replace palochka look-alikes (I, l, 1, |, і) in Cyrillic words; stdin to stdout, or files (no network)',
  usage: '[files...] [--write | --check] [--target U+04C0|U+04CF]',
  description: [
    'Only inside words with Cyrillic letters: English "I", numbers, Roman numerals and code stay as typed.',
    'Without --write, fixed text goes to stdout. Nothing is sent anywhere.',
  ],
  options: {
    write: { type: 'boolean', short: 'w', description: 'fix the files in place' },
    check: {
      type: 'boolean',
      short: 'c',
      description: `list look-alikes as FILE:LINE:COL and exit ${ExitCode.checkFailed} if there are any`,
    },
    target: {
      type: 'string',
      value: 'CP',
      description: `the palochka to write: ${Object.keys(TARGETS).join(' or ')} (default: ${DEFAULT_PALOCHKA_TARGET})`,
    },
  },
  examples: [
    'echo "к1уэ" | circassian palochka',
    'circassian palochka --check notes/*.txt',
    'circassian palochka --write --target U+04CF story.txt',
  ],
  usesService: false,
  async run({ args, io, out }) {
    if (args.flag('write') && args.flag('check')) throw new UsageError('use --write or --check, not both');
    if (args.flag('write') && args.positionals.length === 0) throw new UsageError('--write needs files', 'to fix stdin, leave out --write');
    const options = palochkaOptions(args);
    const sources = await readSources(args, io);
    if (args.flag('check')) return check(sources, options, out);
    const fixed = sources.map((source) => ({
      source,
      text: normalizePalochka(source.text, options),
      replacements: countPalochkaLookalikes(source.text, options),
    }));
    if (!args.flag('write')) {
      if (out.json)
        out.result({ files: fixed.map((f) => ({ file: f.source.name, text: f.text, replacements: f.replacements })) }, () => []);
      else for (const file of fixed) io.stdout.write(file.text);
      return;
    }
    const changed = fixed.filter((file) => file.text !== file.source.text);
    await Promise.all(changed.map((file) => writeWhole(file.source.path ?? file.source.name, file.source.name, file.text)));
    out.result(
      { files: fixed.map((f) => ({ file: f.source.name, changed: f.text !== f.source.text, replacements: f.replacements })) },
      () => changed.map((file) => `fixed ${file.source.name} (${file.replacements} replacement${file.replacements === 1 ? '' : 's'})`),
    );
  },
};
