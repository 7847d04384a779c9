// How a service error is handled by the queue, and how it is told to a content editor.
import { isCircassianError } from '@circassian/core';

export type ErrorHandling = 'pause' | 'retry' | 'fail';

export interface ClassifiedError {
  readonly type: string;
  readonly handling: ErrorHandling;
  /** For a content editor: what happened and what to do, without developer words. */
  readonly message: string;
  readonly retryAfterSeconds?: number;
}

const WORDS: Record<string, { handling: ErrorHandling; message: string }> = {
  unauthorized: { handling: 'pause', message: 'The translation service did not accept the key. Ask your administrator to check the Circassian key.' },
  invalid_request: { handling: 'fail', message: 'The translation service refused this text (too long, empty or an unsupported language). Shorten or fix it and try again.' },
  rate_limited: { handling: 'retry', message: 'The translation service is busy with this key\'s requests for a minute. It will continue by itself.' },
  quota_exceeded: { handling: 'pause', message: 'Today\'s translation allowance of the key is used up. Work continues automatically after the daily reset.' },
  queue_timeout: { handling: 'retry', message: 'The translation service was busy. It will try again in a few seconds.' },
  upstream_unavailable: { handling: 'retry', message: 'The translation service is temporarily unavailable. It will try again shortly.' },
  upstream_error: { handling: 'retry', message: 'The translation service had a problem with this text. It will try again; if it keeps failing, contact your administrator.' },
  internal_error: { handling: 'retry', message: 'The translation service had an internal error. It will try again later.' },
  not_found: { handling: 'fail', message: 'The generated audio expired before it could be saved. Generate it again.' },
  connection_error: { handling: 'retry', message: 'The translation service could not be reached. It will try again shortly.' },
  timeout: { handling: 'retry', message: 'The translation service took too long to answer. It will try again.' },
  job_failed: { handling: 'fail', message: 'The speech service could not make this audio. Try again, or shorten the text.' },
  aborted: { handling: 'retry', message: 'The work was interrupted. It will continue.' },
};

export function classifyError(error: unknown): ClassifiedError {
  if (isCircassianError(error)) {
    const type = String((error as { type?: string }).type ?? 'internal_error');
    const words = WORDS[type] ?? { handling: 'retry' as const, message: 'The translation service answered with an error. It will try again.' };
    const retryAfterSeconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    return { type, ...words, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
  }
  const type = (error as { type?: string })?.type;
  if (type && WORDS[type]) return { type, ...WORDS[type] };
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'plugin_error', handling: 'fail', message: `The entry could not be translated: ${message}` };
}

/** The next UTC midnight: when the service's daily limits reset. */
export function nextUtcMidnight(now = Date.now()): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}
