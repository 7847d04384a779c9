/**
 * Which translation memory a command uses: `--memory FILE`, else the default file in the user's
 * data folder; `--no-memory` for none. The file is a journal (core's JournalTranslationMemory), or
 * TMX when its name ends in `.tmx` (core's TmxFileTranslationMemory).
 */
import { extname, join, resolve } from 'node:path';
import {
  JournalTranslationMemory,
  MemoryFileError,
  TmxFileTranslationMemory,
  TmxSyntaxError,
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
};

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
export async function openMemory(path: string): Promise<TranslationMemory> {
  try {
    if (extname(path).toLowerCase() !== '.tmx') return await JournalTranslationMemory.open(path);
    const memory = new TmxFileTranslationMemory(path, { tool: { name: 'circassian', version: packageJson.version } });
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
  return path === undefined ? undefined : openMemory(path);
}
