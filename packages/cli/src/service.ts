/**
 * Opens the client for one command run: key and address from the flags or the environment, or a
 * local sandbox with --sandbox. Opened lazily, so commands that fail early never start anything.
 */
import { CircassianClient, credentialsFromEnvironment } from '@circassian/core';
import packageJson from '../package.json' with { type: 'json' };
import type { Args } from './command.js';
import { CliError, UsageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import type { CliIo } from './io.js';
import type { Output } from './output.js';

interface Opened {
  readonly client: CircassianClient;
  readonly closeSandbox?: () => Promise<void>;
}

export class ServiceSession {
  private opened: Promise<Opened> | undefined;

  constructor(
    private readonly args: Args,
    private readonly io: CliIo,
    private readonly out: Output,
  ) {}

  async client(): Promise<CircassianClient> {
    this.opened ??= this.open();
    return (await this.opened).client;
  }

  async close(): Promise<void> {
    if (!this.opened) return;
    const opened = await this.opened.catch(() => undefined);
    await opened?.client.close();
    await opened?.closeSandbox?.();
  }

  private async open(): Promise<Opened> {
    const maxRetries = this.wholeNumber('retries');
    const maxWaitSeconds = this.wholeNumber('max-wait');
    const common = {
      appInfo: { name: packageJson.name, version: packageJson.version },
      ...(maxWaitSeconds !== undefined ? { maxRetryDelayMs: maxWaitSeconds * 1000 } : {}),
      // Retries and their waits are shown, so a wait for a Retry-After never looks like a hang.
      logger: { warn: (message: string) => this.out.notice(message) },
      ...(maxRetries !== undefined ? { maxRetries } : {}),
    };
    if (this.args.flag('sandbox')) {
      // Loaded only here: ordinary runs never load the sandbox's code.
      const { startSandbox } = await import('@circassian/sandbox');
      const sandbox = await startSandbox({ port: 0 });
      this.out.notice(
        `--sandbox: started a local service at ${sandbox.url} with a throwaway key; it gives pseudo-translations and synthetic speech, not the real models`,
      );
      return {
        client: new CircassianClient({ ...common, apiKey: sandbox.key, baseUrl: sandbox.url }),
        closeSandbox: () => sandbox.close(),
      };
    }
    const fromEnvironment = credentialsFromEnvironment(this.io.env);
    const apiKey = this.args.string('key') ?? fromEnvironment.apiKey;
    if (apiKey === undefined) {
      throw new CliError(
        'no API key',
        ExitCode.unauthorized,
        'missing_key',
        'set CIRCASSIAN_API_KEY or pass --key; keys are issued by the service owner. To try the command without one, add --sandbox',
      );
    }
    const baseUrl = this.args.string('base-url') ?? fromEnvironment.baseUrl;
    if (baseUrl === undefined) {
      throw new UsageError('no service address', 'set CIRCASSIAN_BASE_URL or pass --base-url (or try --sandbox)');
    }
    return { client: new CircassianClient({ ...common, apiKey, baseUrl }) };
  }

  private wholeNumber(option: 'retries' | 'max-wait'): number | undefined {
    const value = this.args.number(option);
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      throw new UsageError(`--${option} must be a whole number of 0 or more, got ${value}`);
    }
    return value;
  }
}
