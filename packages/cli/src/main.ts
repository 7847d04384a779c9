/**
 * The command line's entry: finds the command, parses its options, runs it, and turns any failure
 * into a message and an exit code. Everything it touches comes in through `io`, so tests can run it
 * in-process as well as the real process.
 */
import { parseArgs } from 'node:util';
import { Args, OUTPUT_OPTIONS, SERVICE_OPTIONS, type Command, type CommandContext, type OptionSpecs } from './command.js';
import { COMMANDS, findCommand } from './commands/index.js';
import { UsageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { describeFailure, withHint } from './failure.js';
import { VERSION, commandHelp, mainHelp } from './help.js';
import { processIo, type CliIo } from './io.js';
import { Output } from './output.js';
import { ServiceSession } from './service.js';

export interface MainOptions {
  /** Aborts the running command (the bin wires it to Ctrl-C). */
  readonly signal?: AbortSignal;
}

/** Options that take a value and may come before the command name (`circassian --key K me`). */
const VALUE_OPTIONS = new Set(
  Object.entries({ ...SERVICE_OPTIONS, ...OUTPUT_OPTIONS })
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => `--${name}`),
);

/** The index of the command name: the first argument that is neither an option nor an option's value. */
function commandIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') return -1;
    if (!arg.startsWith('-')) return i;
    if (VALUE_OPTIONS.has(arg)) i += 1;
  }
  return -1;
}

function parseCommandLine(command: Command, argv: readonly string[]): Args {
  const options: OptionSpecs = { ...command.options, ...(command.usesService ? SERVICE_OPTIONS : {}), ...OUTPUT_OPTIONS };
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries(options).map(([name, spec]) => [name, spec.short ? { type: spec.type, short: spec.short } : { type: spec.type }]),
      ),
      allowPositionals: true,
      strict: true,
    });
    return new Args(values, positionals);
  } catch (error) {
    // parseArgs reports unknown options and missing values as TypeErrors with an ERR_PARSE_ARGS_* code.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments', `see \`circassian ${command.name} --help\``);
    }
    throw error;
  }
}

export async function main(argv: readonly string[], io: CliIo = processIo(), options: MainOptions = {}): Promise<number> {
  const out = new Output(io, argv.includes('--json'));
  const at = commandIndex(argv);
  const name = at === -1 ? undefined : argv[at];
  const rest = at === -1 ? argv : [...argv.slice(0, at), ...argv.slice(at + 1)];
  let session: ServiceSession | undefined;
  let context: CommandContext | undefined;
  try {
    if (name === undefined) {
      if (rest.includes('--version')) {
        out.result({ version: VERSION }, () => [VERSION]);
        return ExitCode.ok;
      }
      if (rest.includes('--help') || rest.includes('-h')) {
        io.stdout.write(mainHelp(COMMANDS));
        return ExitCode.ok;
      }
      io.stderr.write(mainHelp(COMMANDS));
      return ExitCode.usage;
    }
    const command = findCommand(name);
    if (!command) {
      throw new UsageError(`unknown command "${name}"`, `commands: ${COMMANDS.map((c) => c.name).join(', ')}`);
    }
    const args = parseCommandLine(command, rest);
    if (args.flag('help')) {
      io.stdout.write(commandHelp(command));
      return ExitCode.ok;
    }
    const opened = new ServiceSession(args, io, out);
    session = opened;
    context = { io, out, args, signal: options.signal ?? new AbortController().signal, client: () => opened.client() };
    return (await command.run(context)) ?? ExitCode.ok;
  } catch (error) {
    const failure = withHint(describeFailure(error, context?.jobId), context?.hint);
    out.failure(failure);
    return failure.exitCode;
  } finally {
    await session?.close();
  }
}
