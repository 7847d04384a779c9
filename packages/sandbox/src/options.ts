import type { KeyLimits } from './store/types.js';

/** Where the sandbox reports what it does; the CLI sends it to stderr, in-process use is silent. */
export interface SandboxLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface SandboxOptions {
  /** Interface to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /** Port to listen on; 0 picks a free one. Default 0. */
  readonly port?: number;
  /** The startup key as `PREFIX.SECRET`. Default: a generated one. */
  readonly key?: string;
  /** The startup key's name. Default `sandbox`. */
  readonly keyName?: string;
  /** Token for `/admin` (`Authorization: Bearer <token>`). Default: a generated one. */
  readonly adminToken?: string;
  /** Limits of the startup key; omitted ones take the defaults (60 rpm, 10000 rpd, 1000000 chars, 3600 s). */
  readonly limits?: Partial<KeyLimits>;
  /** Directory that keeps keys, usage, jobs, audio and call records across restarts. Default: memory only. */
  readonly dataDir?: string;
  /** Real milliseconds one speech task (immediate or job) takes on the single model slot. Default 1000. */
  readonly speechJobMs?: number;
  /** Real milliseconds an immediate speech request waits for the slot before 503 queue_timeout. Default 30000. */
  readonly queueTimeoutMs?: number;
  /** Call records kept (oldest dropped first). Default 10000. */
  readonly maxCallRecords?: number;
  /** Bytes of call records kept, as JSON, all together (oldest dropped first). Default 32 MiB. */
  readonly maxCallLogBytes?: number;
  /** With `dataDir`: journal size after which it is folded into `state.json` in the background. Default 8 MiB. */
  readonly compactJournalAfterBytes?: number;
  /** Default: silent. */
  readonly logger?: SandboxLogger;
}

/**
 * The port `pnpm sandbox` and the playground listen on when none is given (the synopsis);
 * when it is taken they fall back to a free port, since the URL is printed anyway.
 */
export const COMMAND_DEFAULT_PORT = 8787;

export const SILENT_LOGGER: SandboxLogger = { info: () => {}, warn: () => {} };

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 0,
  keyName: 'sandbox',
  speechJobMs: 1000,
  queueTimeoutMs: 30_000,
  maxCallRecords: 10_000,
  maxCallLogBytes: 32 * 1024 * 1024,
  compactJournalAfterBytes: 8 * 1024 * 1024,
} as const;
