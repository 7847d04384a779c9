/**
 * Client-side pacing as the request core applies it: one Pacer per client, made from the
 * `pacing` option, or (with `pacing: true`) from the key's `requests_per_minute`, read by one
 * `me()` call on first use; a failed read lets a later call try again.
 */
import { RequestAbortedError } from '../errors.js';
import type { ClientOptions, Logger } from '../options.js';
import { Pacer } from './pacer.js';
import { sleep } from './sleep.js';

export class PacingGate {
  #pacer: Promise<Pacer> | undefined;
  readonly #setting: NonNullable<ClientOptions['pacing']>;
  readonly #readLimit: (signal: AbortSignal | undefined) => Promise<number>;
  readonly #logger: Logger | undefined;

  /** @param readLimit fetches the key's requests per minute (an unpaced `me()`) */
  constructor(
    setting: NonNullable<ClientOptions['pacing']>,
    readLimit: (signal: AbortSignal | undefined) => Promise<number>,
    logger: Logger | undefined,
  ) {
    this.#setting = setting;
    this.#readLimit = readLimit;
    this.#logger = logger;
    if (typeof setting === 'object') this.#pacer = Promise.resolve(new Pacer(setting.requestsPerMinute));
  }

  /**
   * Waits for the call's slot. Returns false, without waiting, when the slot comes at or after
   * `latestStart` (the call's deadline): the caller reports that instead of sleeping past it.
   */
  async wait(signal: AbortSignal | undefined, operation: string | undefined, latestStart: number, jobId?: string): Promise<boolean> {
    if (this.#setting === false) return true;
    if (this.#pacer === undefined) {
      this.#pacer = this.#readLimit(signal).then(
        (requestsPerMinute) => {
          const pacer = new Pacer(requestsPerMinute);
          pacer.reserve(Date.now()); // the me() call just made counts too
          return pacer;
        },
        (error: unknown) => {
          this.#pacer = undefined; // let a later call try again
          throw error;
        },
      );
    }
    const pacer = await this.#pacer;
    const waitMs = pacer.reserve(Date.now());
    if (Date.now() + waitMs >= latestStart) return false;
    if (waitMs > 0) this.#logger?.debug?.(`pacing: waiting ${waitMs} ms`, { operation });
    try {
      await sleep(waitMs, signal);
    } catch (reason) {
      throw new RequestAbortedError({ cause: reason, operation, jobId });
    }
    return true;
  }
}
