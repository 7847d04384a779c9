/**
 * The shape every command has, and the options they share. A command is data (name, options,
 * help) plus one `run` function; `commands/index.ts` lists them all in one table.
 */
import type { CircassianClient } from '@circassian/core';
import { UsageError } from './cli-error.js';
import type { ExitCode } from './exit-codes.js';
import type { CliIo } from './io.js';
import type { Output } from './output.js';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Placeholder of the value in the help, e.g. `LANG`. */
  readonly value?: string;
  readonly description: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The arguments part of the usage line, e.g. `[text] --to LANG [--from LANG]`. */
  readonly usage: string;
  /** More lines of help under the usage line. */
  readonly description?: readonly string[];
  readonly options: OptionSpecs;
  readonly examples: readonly string[];
  /** False for commands that never touch the network (no key, no --sandbox). */
  readonly usesService: boolean;
  run(context: CommandContext): Promise<ExitCode | void>;
}

export interface CommandContext {
  readonly io: CliIo;
  readonly out: Output;
  readonly args: Args;
  /** Aborted on Ctrl-C: every request takes it. */
  readonly signal: AbortSignal;
  /** The client for the service; opened on first use (this is where --sandbox starts the local service). */
  client(): Promise<CircassianClient>;
  /** The speech job the command is following, so an error can say how to resume it. */
  jobId?: string;
  /** What else to do after a failure, added to its hint (e.g. what a run again will not ask for). */
  hint?: string;
}

export const OUTPUT_OPTIONS: OptionSpecs = {
  json: { type: 'boolean', description: 'machine-readable output: JSON on stdout, errors as JSON on stderr' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const SERVICE_OPTIONS: OptionSpecs = {
  key: { type: 'string', value: 'KEY', description: 'API key (default: $CIRCASSIAN_API_KEY)' },
  'base-url': { type: 'string', value: 'URL', description: 'service address (default: $CIRCASSIAN_BASE_URL)' },
  sandbox: { type: 'boolean', description: 'start a local sandbox service in-process and use its key (no key needed; pseudo results)' },
  retries: { type: 'string', value: 'N', description: 'retries of a failed request where the interface allows them (default: 2)' },
  'max-wait': {
    type: 'string',
    value: 'SECONDS',
    description: 'longest wait before a retry; a longer Retry-After ends the command at once (default: 60)',
  },
};

type Values = Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;

/** The parsed command line, with typed accessors. */
export class Args {
  constructor(
    private readonly values: Values,
    readonly positionals: readonly string[],
  ) {}

  string(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  requireString(name: string, hint: string): string {
    const value = this.string(name);
    if (value === undefined) throw new UsageError(`missing --${name}`, hint);
    return value;
  }

  /** A numeric option; `undefined` when absent, a usage error when not a number. */
  number(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed)) throw new UsageError(`--${name} must be a number, got "${value}"`);
    return parsed;
  }
}
