/**
 * Which speech memory `speak` uses: `--cache DIR`, else `circassian/speech` beside the default
 * translation memory in the user's data folder; `--no-cache` for one held only during the run (a
 * sentence the text repeats is still asked for once). The folder is core's FolderSpeechStore: one
 * WAV per voiced sentence, kept 90 days after its last use and 512 MiB at most (core's
 * DEFAULT_SPEECH_STORE_LIMITS), cleaned after each run that added to it.
 */
import { dirname, join, resolve } from 'node:path';
import { FolderSpeechStore, InMemorySpeechStore, type SpeechStore } from '@circassian/core';
import type { Args, OptionSpecs } from './command.js';
import { UsageError } from './cli-error.js';
import type { CliIo } from './io.js';
import { defaultMemoryPath } from './memory-file.js';

const SPEECH_FOLDER = 'speech';

/** The default speech memory: `speech/` beside the default translation memory (undefined without a home). */
export function defaultSpeechCachePath(env: CliIo['env'], platform: NodeJS.Platform = process.platform): string | undefined {
  const memory = defaultMemoryPath(env, platform);
  return memory === undefined ? undefined : join(dirname(memory), SPEECH_FOLDER);
}

export const SPEECH_CACHE_OPTIONS: OptionSpecs = {
  cache: {
    type: 'string',
    value: 'DIR',
    description: 'the speech memory folder (default: circassian/speech in your data folder, beside the translation memory)',
  },
  'no-cache': { type: 'boolean', description: 'neither read nor fill the speech memory: every sentence is asked for' },
};

/** The run's speech store, and its folder when it is one that outlives the run. */
export function speechCache(args: Args, io: CliIo): { readonly store: SpeechStore; readonly folder?: string } {
  const named = args.string('cache');
  if (args.flag('no-cache')) {
    if (named !== undefined) throw new UsageError('--cache and --no-cache together', 'give one of them');
    return { store: new InMemorySpeechStore() };
  }
  const folder = named !== undefined ? resolve(io.cwd, named) : defaultSpeechCachePath(io.env);
  return folder === undefined ? { store: new InMemorySpeechStore() } : { store: new FolderSpeechStore(folder), folder };
}
