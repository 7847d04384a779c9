import type { ParseArgsConfig } from 'node:util';

/** The service a host's plugin is pointed at: the local sandbox `pnpm host` started, or one given by flags. */
export interface ServiceTarget {
  readonly url: string;
  readonly key: string;
}

export type HostFlagValues = Record<string, string | boolean | undefined>;

export interface HostContext {
  readonly service: ServiceTarget;
  /** `--port`, when given: where the host's own web server listens. */
  readonly port: number | undefined;
  /** The host's own flags, parsed with its `flags`. */
  readonly flags: HostFlagValues;
  /** Registers a step of stopping; steps run in reverse order on SIGTERM or when start fails. */
  onStop(step: () => Promise<void> | void): void;
}

/**
 * One host (VS Code, WordPress, Strapi): what `pnpm host <name>` installs and starts. The runner
 * (`src/host.ts`) owns everything they share: flags, the local service, the ready line, signals.
 */
export interface HostDefinition {
  readonly name: string;
  /** One line for `pnpm host --help`. */
  readonly summary: string;
  /** Flags beyond the shared `--service-url`, `--key` and `--port`. */
  readonly flags: NonNullable<ParseArgsConfig['options']>;
  /** Refuses bad host flags before anything is installed or started: throw an Error saying what is wrong (exit 2). */
  checkFlags?(flags: HostFlagValues): void;
  /** Installs whatever is missing, into the cache; quick when everything is there. */
  install(): Promise<void>;
  /** Starts the host with the plugin installed as users install it; resolves with the ready line's object. */
  start(context: HostContext): Promise<Record<string, unknown>>;
}
