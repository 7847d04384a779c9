import type { SpeechJobs } from '../jobs/speech-jobs.js';
import type { SpeechWorker } from '../jobs/speech-worker.js';
import type { UsageLedger } from '../limits/usage-ledger.js';
import type { CallRecord, StoredKey } from '../store/types.js';
import type { FaultBoard } from '../admin/fault-board.js';

/** What a v1 operation handler may use. */
export interface ApiServices {
  readonly ledger: UsageLedger;
  readonly jobs: SpeechJobs;
  readonly worker: SpeechWorker;
  /** Real milliseconds an immediate speech request waits for the model slot before queue_timeout. */
  readonly queueTimeoutMs: number;
  /** Test controls; translations take their marker faults from here. */
  readonly faults: FaultBoard;
}

export interface ApiContext {
  readonly key: StoredKey;
  readonly params: Readonly<Record<string, string>>;
  /** The parsed JSON body (undefined for GET and for an empty body). */
  readonly body: unknown;
  /** The record of this call: handlers fill in volume and reference-audio use. */
  readonly call: CallRecord;
  readonly services: ApiServices;
}

export type Reply =
  | { readonly kind: 'json'; readonly body: unknown }
  | {
      readonly kind: 'audio';
      readonly wav: Uint8Array;
      /** Sent as `X-Audio-Duration`: the interface declares that header on immediate speech only. */
      readonly durationSeconds?: number;
    };

export type ApiHandler = (context: ApiContext) => Reply | Promise<Reply>;

export const json = (body: unknown): Reply => ({ kind: 'json', body });
