/**
 * `pnpm sandbox [--host 127.0.0.1] [--port 8787] [--key PREFIX.SECRET] [--admin-token TOKEN]
 * [--rpm N] [--rpd N] [--chars-per-day N] [--speech-seconds-per-day N] [--data-dir DIR]`
 *
 * Prints one line of JSON to stdout when ready, `{"url","key","adminToken"}`, and nothing else
 * there (logs go to stderr). Stops cleanly on SIGTERM and SIGINT. `--speech-job-ms N` sets how
 * long one speech task takes (default 1000). Without `--port` it listens on 8787, or on a free
 * port when 8787 is taken; `--port 0` always picks a free port.
 */
import { parseArgs } from 'node:util';
import { startOnPreferredPort } from './start-on-preferred-port.js';
import type { SandboxLogger, SandboxOptions } from './options.js';
import type { KeyLimits } from './store/types.js';

const USAGE =
  'Usage: pnpm sandbox [--host 127.0.0.1] [--port 8787] [--key PREFIX.SECRET] [--admin-token TOKEN] ' +
  '[--rpm N] [--rpd N] [--chars-per-day N] [--speech-seconds-per-day N] [--data-dir DIR] [--speech-job-ms N]';

const LIMIT_FLAGS: Readonly<Record<string, keyof KeyLimits>> = {
  rpm: 'requests_per_minute',
  rpd: 'requests_per_day',
  'chars-per-day': 'translate_chars_per_day',
  'speech-seconds-per-day': 'speech_seconds_per_day',
};

const stderrLogger: SandboxLogger = {
  info: (message) => process.stderr.write(`${message}\n`),
  warn: (message) => process.stderr.write(`warning: ${message}\n`),
};

function parseFlags(args: readonly string[]): SandboxOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      key: { type: 'string' },
      'admin-token': { type: 'string' },
      rpm: { type: 'string' },
      rpd: { type: 'string' },
      'chars-per-day': { type: 'string' },
      'speech-seconds-per-day': { type: 'string' },
      'data-dir': { type: 'string' },
      'speech-job-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  const limits: Partial<KeyLimits> = {};
  for (const [flag, name] of Object.entries(LIMIT_FLAGS)) {
    const value = (values as Record<string, unknown>)[flag];
    if (typeof value === 'string') limits[name] = count(flag, value);
  }
  return {
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.port === undefined ? {} : { port: count('port', values.port) }),
    ...(values.key === undefined ? {} : { key: values.key }),
    ...(values['admin-token'] === undefined ? {} : { adminToken: values['admin-token'] }),
    ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    ...(values['speech-job-ms'] === undefined ? {} : { speechJobMs: count('speech-job-ms', values['speech-job-ms']) }),
    limits,
    logger: stderrLogger,
  };
}

function count(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${flag} takes a whole number, 0 or more; got ${text}`);
  return value;
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseFlags(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
  let sandbox: Awaited<ReturnType<typeof startOnPreferredPort>>;
  try {
    sandbox = await startOnPreferredPort(options);
  } catch (error) {
    process.stderr.write(`Could not start the sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const stop = (signal: string): void => {
    process.stderr.write(`${signal}: stopping the sandbox\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  // Handlers first: whoever reads the ready line may signal at once (on another core).
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.stdout.write(`${JSON.stringify({ url: sandbox.url, key: sandbox.key, adminToken: sandbox.adminToken })}\n`);
}

await main();
