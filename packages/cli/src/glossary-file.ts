/**
 * Which glossary a command applies: `--glossary FILE` (`.csv` by the contract, anything
 * else TBX), else the default glossary beside the default memory (`circassian/glossary.tbx` in the
 * data folder) when there is one; `--no-glossary` for none. Core does the work; this reads the file.
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { Glossary, GlossaryError, readGlossaryCsv, readTbx, type GlossaryEntry, type TbxSkipped } from '@circassian/core';
import type { Args, OptionSpecs } from './command.js';
import { UsageError } from './cli-error.js';
import type { CliIo } from './io.js';
import { fileError } from './files.js';
import { defaultMemoryPath } from './memory-file.js';

const GLOSSARY_FILE = 'glossary.tbx';

/** The default glossary: `glossary.tbx` in the default memory's folder; undefined when there is no home. */
export function defaultGlossaryPath(env: CliIo['env'], platform: NodeJS.Platform = process.platform): string | undefined {
  const memory = defaultMemoryPath(env, platform);
  return memory === undefined ? undefined : join(dirname(memory), GLOSSARY_FILE);
}

export const GLOSSARY_FILE_OPTION: OptionSpecs = {
  glossary: {
    type: 'string',
    value: 'FILE',
    description: 'the glossary, .tbx or .csv (default: circassian/glossary.tbx beside the translation memory, if there is one)',
  },
};

export const GLOSSARY_OPTIONS: OptionSpecs = {
  ...GLOSSARY_FILE_OPTION,
  'no-glossary': { type: 'boolean', description: 'apply no glossary' },
};

/** A glossary file's entries, and the TBX concepts it could not use; a file that is not one is a usage error naming why. */
export async function readGlossaryFile(path: string, shown: string): Promise<{ entries: GlossaryEntry[]; skipped: TbxSkipped[] }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw fileError(error, 'read', shown) ?? error;
  }
  try {
    if (extname(path).toLowerCase() === '.csv') return { entries: readGlossaryCsv(bytes).entries, skipped: [] };
    return await readTbx(bytes);
  } catch (error) {
    if (error instanceof GlossaryError)
      throw new UsageError(
        `${shown} is not a usable glossary: ${error.message}`,
        'a .csv has the header ru,kbd,type,note; anything else is read as TBX',
      );
    throw error;
  }
}

/**
 * The glossary a translation or speech applies: the named one, else the default one when it
 * exists; undefined with --no-glossary or when there is none.
 */
export async function commandGlossary(args: Args, io: CliIo): Promise<{ glossary: Glossary; named: boolean } | undefined> {
  const named = args.string('glossary');
  if (args.flag('no-glossary')) {
    if (named !== undefined) throw new UsageError('--glossary and --no-glossary together', 'give one of them');
    return undefined;
  }
  if (named !== undefined) return { glossary: new Glossary((await readGlossaryFile(resolve(io.cwd, named), named)).entries), named: true };
  const path = defaultGlossaryPath(io.env);
  if (path === undefined) return undefined;
  const exists = await readFile(path).then(
    () => true,
    () => false,
  );
  return exists ? { glossary: new Glossary((await readGlossaryFile(path, path)).entries), named: false } : undefined;
}
