// How a service error is handled by the queue, and how it is told to a content editor. The words
// are keyed by @circassian/core's whole error vocabulary (`AnyErrorType`: the service's types and
// the client's own), so a type added there without words here fails to compile.
import { isAnyErrorType, isCircassianError, type AnyErrorType } from '@circassian/core';

export type ErrorHandling = 'pause' | 'retry' | 'fail';

export interface ClassifiedError {
  readonly type: AnyErrorType | 'plugin_error';
  readonly handling: ErrorHandling;
  /** For a content editor: what happened and what to do, without developer words. */
  readonly message: string;
  readonly retryAfterSeconds?: number;
}

interface Words {
  readonly handling: ErrorHandling;
  readonly message: string;
}

/** Exported for the admin's translations test: each type's English here has its Russian in ru.json. */
export const WORDS: Readonly<Record<AnyErrorType, Words>> = {
  unauthorized: {
    handling: 'pause',
    message: 'The translation service did not accept the key. Ask your administrator to check the Circassian key.',
  },
  invalid_request: {
    handling: 'fail',
    message: 'The translation service refused this text (too long, empty or an unsupported language). Shorten or fix it and try again.',
  },
  rate_limited: {
    handling: 'retry',
    message: "The translation service is busy with this key's requests for a minute. It will continue by itself.",
  },
  quota_exceeded: {
    handling: 'pause',
    message: "Today's translation allowance of the key is used up. Work continues automatically after the daily reset.",
  },
  queue_timeout: { handling: 'retry', message: 'The translation service was busy. It will try again in a few seconds.' },
  upstream_unavailable: { handling: 'retry', message: 'The translation service is temporarily unavailable. It will try again shortly.' },
  upstream_error: {
    handling: 'retry',
    message: 'The translation service had a problem with this text. It will try again; if it keeps failing, contact your administrator.',
  },
  internal_error: { handling: 'retry', message: 'The translation service had an internal error. It will try again later.' },
  not_found: { handling: 'fail', message: 'The generated audio expired before it could be saved. Generate it again.' },
  connection_error: { handling: 'retry', message: 'The translation service could not be reached. It will try again shortly.' },
  timeout: { handling: 'retry', message: 'The translation service took too long to answer. It will try again.' },
  aborted: { handling: 'retry', message: 'The work was interrupted. It will continue.' },
  job_failed: { handling: 'fail', message: 'The speech service could not make this audio. Try again, or shorten the text.' },
  response_too_large: {
    handling: 'fail',
    message: "The service's answer was larger than the plugin accepts, so nothing was saved. Shorten the text and try again.",
  },
  invalid_response: {
    handling: 'fail',
    message:
      'The service answered in a form the plugin does not accept, so nothing was saved. Try again later; if it keeps happening, contact your administrator.',
  },
  not_configured: {
    handling: 'pause',
    message: 'No Circassian key or service address is configured. Ask your administrator to set them up.',
  },
  unknown: { handling: 'retry', message: 'The translation service answered with an error. It will try again.' },
};

/** A problem the plugin itself finds in what the service gave, with its own words for the editor. */
export class PluginJobError extends Error {
  constructor(
    readonly type: AnyErrorType,
    /** For the editor, as the WORDS are; the Error's message (for the log) may say more. */
    readonly editorMessage: string,
    logMessage = editorMessage,
  ) {
    super(logMessage);
    this.name = 'PluginJobError';
  }
}

export function classifyError(error: unknown): ClassifiedError {
  if (error instanceof PluginJobError) return { type: error.type, handling: WORDS[error.type].handling, message: error.editorMessage };
  if (isCircassianError(error)) {
    const given = (error as { type?: unknown }).type;
    const type: AnyErrorType = isAnyErrorType(given) ? given : 'unknown';
    const retryAfterSeconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    return { type, ...WORDS[type], ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
  }
  const type = (error as { type?: unknown } | null)?.type;
  if (isAnyErrorType(type)) return { type, ...WORDS[type] };
  // Not the service's: most often the database busy for a moment. Tried again a few times (the
  // queue's maxAttempts) before the job fails with these words.
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'plugin_error', handling: 'retry', message: `The entry could not be translated: ${message}` };
}
