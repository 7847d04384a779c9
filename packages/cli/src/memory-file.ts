/**
 * Which translation memory a command uses: `--memory FILE`, else the default file in the user's
 * data folder; `--no-memory` for none. The file is a journal (core's JournalTranslationMemory), or
 * TMX when its name ends in `.tmx` (core's TmxFileTranslationMemory). The units a run stores
 * (answers, imports) name who ran it as their creator: `--as NAME`, else `$CIRCASSIAN_USER`, else
 * the operating system's user name, so `memory list --by` and `memory remove --by` find them.
 */
import { userInfo } from 'node:os';
import { extname, join, resolve } from 'node:path';
import {
  JournalTranslationMemory,
  MemoryFileError,
  TmxFileTranslationMemory,
  TmxSyntaxError,
  type SearchableTranslationMemory,
  type TranslationMemory,
} from '@circassian/core';
import packageJson from '../package.json' with { type: 'json' };
import type { Args, OptionSpecs } from './command.js';
import { UsageError } from './cli-error.js';
import type { CliIo } from './io.js';

const MEMORY_FILE = 'memory.jsonl';

/**
 * The default memory: `$XDG_DATA_HOME/circassian/memory.jsonl`, else the platform's data folder
 * (`%LOCALAPPDATA%` on Windows, `~/Library/Application Support` on macOS, `~/.local/share`
 * elsewhere, as the XDG Base Directory specification defaults). Undefined when the environment
 * names no home at all: then there is no default memory.
 */
export function defaultMemoryPath(env: CliIo['env'], platform: NodeJS.Platform = process.platform): string | undefined {
  const nonEmpty = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const xdg = nonEmpty('XDG_DATA_HOME');
  if (xdg !== undefined) return join(xdg, 'circassian', MEMORY_FILE);
  if (platform === 'win32') {
    const local = nonEmpty('LOCALAPPDATA') ?? nonEmpty('APPDATA');
    return local === undefined ? undefined : join(local, 'circassian', MEMORY_FILE);
  }
  const home = nonEmpty('HOME');
  if (home === undefined) return undefined;
  return platform === 'darwin'
    ? join(home, 'Library', 'Application Support', 'circassian', MEMORY_FILE)
    : join(home, '.local', 'share', 'circassian', MEMORY_FILE);
}

export const MEMORY_FILE_OPTION: OptionSpecs = {
  memory: {
    type: 'string',
    value: 'FILE',
    description: 'the translation memory file (default: circassian/memory.jsonl in your data folder, e.g. ~/.local/share)',
  },
  as: {
    type: 'string',
    value: 'NAME',
    description: 'who the units this run stores name as their creator (default: $CIRCASSIAN_USER, else your user name)',
  },
};

/** The environment variable naming who the CLI's units are by, where `--as` is not given. */
export const USER_ENV = 'CIRCASSIAN_USER';

/** Who this run's units are by: `--as`, `$CIRCASSIAN_USER`, the OS user name; undefined when none is known. */
export function memoryUser(args: Args, io: CliIo): string | undefined {
  const named = args.string('as');
  if (named !== undefined) {
    if (named.trim() === '') throw new UsageError('--as needs a name', 'e.g. --as anna');
    return named;
  }
  const fromEnvironment = io.env[USER_ENV];
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '') return fromEnvironment;
  try {
    return userInfo().username || undefined;
  } catch {
    // No entry for this user id (a container's user): the shells' own variables, if any.
    return io.env['USER'] || io.env['USERNAME'] || undefined;
  }
}

export const MEMORY_OPTIONS: OptionSpecs = {
  ...MEMORY_FILE_OPTION,
  'no-memory': { type: 'boolean', description: 'neither consult nor fill the translation memory' },
};

/** The memory's path for this run, or undefined with --no-memory (or no home to put the default in). */
export function memoryPath(args: Args, io: CliIo): string | undefined {
  const named = args.string('memory');
  if (args.flag('no-memory')) {
    if (named !== undefined) throw new UsageError('--memory and --no-memory together', 'give one of them');
    return undefined;
  }
  return named !== undefined ? resolve(io.cwd, named) : defaultMemoryPath(io.env);
}

/**
 * Opens the memory at `path`: a `.tmx` file as TMX (the VS Code extension's workspace memory, which
 * a team commits, read and written as that file), anything else as the CLI's journal. A file that
 * is not a memory of its kind is a usage error, left untouched.
 */
export async function openMemory(path: string, creator?: string): Promise<SearchableTranslationMemory> {
  const options = creator === undefined ? {} : { creator };
  try {
    if (extname(path).toLowerCase() !== '.tmx') return await JournalTranslationMemory.open(path, options);
    const memory = new TmxFileTranslationMemory(path, { ...options, tool: { name: 'circassian', version: packageJson.version } });
    await memory.stats(); // reads and checks the file now, so a bad one is said before anything is sent
    return memory;
  } catch (error) {
    if (error instanceof MemoryFileError || error instanceof TmxSyntaxError)
      throw new UsageError(error.message, 'pass another --memory FILE, or --no-memory');
    throw error;
  }
}

/** The run's memory, opened; undefined when it has none. */
export async function commandMemory(args: Args, io: CliIo): Promise<TranslationMemory | undefined> {
  const path = memoryPath(args, io);
  return path === undefined ? undefined : openMemory(path, memoryUser(args, io));
}
