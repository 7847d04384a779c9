/**
 * `pnpm host <name> [--service-url URL --key KEY] [--port N] [host flags]`: installs what the host
 * needs (cached outside the work tree), starts the real host with the plugin installed as users
 * install it, pointed at the service (without `--service-url`: a local service started here), and
 * prints ONE JSON line when ready. SIGTERM or SIGINT stops everything it started, then exits 0.
 *
 * `--install-only` installs and exits. The key may come from CIRCASSIAN_API_KEY instead of
 * `--key`, so a caller need not put it on a command line other users can read.
 */
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { HOST_NAMES, loadHost } from './hosts/index.js';
import { log } from './hosts/lib/log.js';
import type { HostDefinition, HostFlagValues, ServiceTarget } from './hosts/types.js';

const SHARED_FLAGS = {
  'service-url': { type: 'string' },
  key: { type: 'string' },
  port: { type: 'string' },
  'install-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usage(): string {
  return `Usage: pnpm host <${HOST_NAMES.join('|')}> [--service-url URL --key KEY] [--port N] [--install-only]`;
}

class UsageError extends Error {}

function parse(definition: HostDefinition, args: string[]): { flags: HostFlagValues; port: number | undefined } {
  const { values } = parseArgs({ args, options: { ...definition.flags, ...SHARED_FLAGS }, strict: true, allowPositionals: false });
  const flags = values as HostFlagValues;
  const port = flags.port === undefined ? undefined : Number(flags.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535)) {
    throw new UsageError(`--port takes a port number from 1 to 65535; got ${String(flags.port)}`);
  }
  if (flags.key !== undefined && flags['service-url'] === undefined) {
    throw new UsageError('--key goes with --service-url (without it, a local service is started with its own key)');
  }
  return { flags, port };
}

function serviceFlags(flags: HostFlagValues): ServiceTarget | undefined {
  const url = flags['service-url'];
  if (typeof url !== 'string') return undefined;
  const key = typeof flags.key === 'string' ? flags.key : process.env.CIRCASSIAN_API_KEY;
  if (!key) throw new UsageError('--service-url needs --key KEY (or CIRCASSIAN_API_KEY in the environment)');
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--service-url is not a URL: ${url}`);
  }
  return { url: url.replace(/\/+$/, ''), key };
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (name === undefined || name === '--help' || name === '-h') {
    process.stderr.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  let definition: HostDefinition;
  let parsed: ReturnType<typeof parse>;
  let given: ServiceTarget | undefined;
  try {
    definition = await loadHost(name);
    parsed = parse(definition, rest);
    given = serviceFlags(parsed.flags);
    definition.checkFlags?.(parsed.flags);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage()}\n`);
    return 2;
  }
  if (parsed.flags.help) {
    process.stderr.write(`${usage()}\n${definition.summary}\n`);
    return 0;
  }

  // Stop steps, run in reverse; handlers go in before anything starts, so a signal during a slow
  // start still stops what was started so far.
  const stopSteps: Array<() => Promise<void> | void> = [];
  let stopping: Promise<number> | undefined;
  const stopAll = (code: number): Promise<number> => {
    stopping ??= (async () => {
      for (const step of stopSteps.reverse()) {
        try {
          await step();
        } catch (error) {
          log(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return code;
    })();
    return stopping;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping ${name}`);
      void stopAll(0).then((code) => process.exit(code));
    });
  }

  try {
    await definition.install();
    if (parsed.flags['install-only']) return 0;
    let service = given;
    if (!service) {
      const sandbox: RunningSandbox = await startSandbox({ logger: { info: () => {}, warn: log } });
      stopSteps.push(() => sandbox.close());
      service = { url: sandbox.url, key: sandbox.key };
      log(`local service at ${sandbox.url}`);
    }
    const ready = await definition.start({
      service,
      port: parsed.port,
      flags: parsed.flags,
      onStop: (step) => void stopSteps.push(step),
    });
    if (stopping) return await stopping;
    process.stdout.write(`${JSON.stringify(ready)}\n`);
    // Runs until a signal; the interval keeps Node from ending an await nothing else holds open.
    setInterval(() => {}, 1 << 30);
    return await new Promise<number>(() => {});
  } catch (error) {
    log(`${name} did not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stopAll(1);
    return 1;
  }
}

process.exitCode = await main();
