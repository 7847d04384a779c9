// What the user reads when a call fails, and what they can do about it: one entry per error type
// of the interface (plus the client's own and the extension's setup errors). Plain data with `{0}`
// placeholders, so the editor layer passes each template through `vscode.l10n.t`.

/** What a button under the message does. */
export type ErrorAction = 'setKey' | 'retry' | 'openSettings' | 'showAccount';

export interface ErrorDescription {
  readonly type: string;
  readonly template: string;
  readonly args: ReadonlyArray<string | number>;
  readonly actions: readonly ErrorAction[];
  /** Shown as a warning rather than an error (the user's text is fine, only the timing is not). */
  readonly severity: 'error' | 'warning';
}

/** The fields read from an error; duck-typed so errors from another bundle of the client count too. */
interface ErrorLike {
  readonly type?: unknown;
  readonly message?: unknown;
  readonly retryAfterSeconds?: unknown;
  readonly missing?: unknown;
}

function describeKnown(type: string, message: string, retryAfter: number | undefined): Omit<ErrorDescription, 'type'> | undefined {
  switch (type) {
    case 'setup_missing_key':
      return { template: 'Set your Circassian API key first (keys are issued by the service owner).', args: [], actions: ['setKey'], severity: 'warning' };
    case 'setup_missing_baseUrl':
      return { template: 'Set the Circassian service address (setting circassian.baseUrl) first; it comes with your key.', args: [], actions: ['openSettings'], severity: 'warning' };
    case 'unauthorized':
      return { template: 'The Circassian service refused the API key (wrong or revoked). Set a new key to continue.', args: [], actions: ['setKey'], severity: 'error' };
    case 'invalid_request':
      return { template: 'The service cannot accept this text or option: {0}', args: [message], actions: [], severity: 'error' };
    case 'rate_limited':
      return { template: 'Too many requests this minute. Try again in {0} seconds.', args: [retryAfter ?? 60], actions: ['retry'], severity: 'warning' };
    case 'quota_exceeded':
      return { template: 'A daily limit of your key is spent: {0}', args: [message], actions: ['showAccount'], severity: 'error' };
    case 'queue_timeout':
      return { template: 'The model is busy. Try again in a few seconds.', args: [], actions: ['retry'], severity: 'warning' };
    case 'upstream_unavailable':
      return { template: 'The translation and speech model is unavailable at the moment. Try again shortly.', args: [], actions: ['retry'], severity: 'warning' };
    case 'upstream_error':
      return { template: 'The model failed on this request. Retry once; if it fails again, please report it.', args: [], actions: ['retry'], severity: 'error' };
    case 'not_found':
      return { template: 'The speech job or its audio is gone (audio links last one hour). Speak the text again.', args: [], actions: [], severity: 'error' };
    case 'internal_error':
      return { template: 'The Circassian service had an internal error. Try again later.', args: [], actions: ['retry'], severity: 'error' };
    case 'connection_error':
      return { template: 'Cannot reach the Circassian service: {0} Check circassian.baseUrl and http.proxy.', args: [message], actions: ['retry', 'openSettings'], severity: 'error' };
    case 'timeout':
      return { template: 'The Circassian service did not answer in time.', args: [], actions: ['retry'], severity: 'warning' };
    case 'job_failed':
      return { template: 'The speech job failed: {0}', args: [message], actions: ['retry'], severity: 'error' };
    default:
      return undefined;
  }
}

/** The message and actions for any thrown value; `undefined` for a cancellation (nothing to say). */
export function describeError(error: unknown): ErrorDescription | undefined {
  const value = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  let type = typeof value.type === 'string' ? value.type : 'unknown';
  if (type === 'aborted') return undefined;
  if (type === 'setup_missing') type = `setup_missing_${String(value.missing)}`;
  const message = typeof value.message === 'string' ? value.message : String(error);
  const retryAfter = typeof value.retryAfterSeconds === 'number' ? value.retryAfterSeconds : undefined;
  const known = describeKnown(type, message, retryAfter);
  if (known) return { type, ...known };
  return { type, template: 'Circassian: {0}', args: [message], actions: ['retry'], severity: 'error' };
}

/** Fills `{0}`-style placeholders the way `vscode.l10n.t` does (for tests and non-editor use). */
export function formatTemplate(template: string, args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
