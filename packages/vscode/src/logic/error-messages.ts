// What the user reads when a call fails, and what they can do about it: one entry per error type
// of the interface and of the client (`AnyErrorType` from @circassian/core), plus the extension's
// own setup errors. The table is a Record over those types, so a type added to the core without a
// message here fails to compile. Plain data with `{0}` placeholders: the editor layer passes each
// template through `vscode.l10n.t`.
import type { AnyErrorType } from '@circassian/core';
import { readQuotaExceeded, type DailyLimitName } from '@circassian/core/facts';
import { formatResetTime } from './reset-time';

/** What a button under the message does. */
export type ErrorAction = 'setKey' | 'setUp' | 'retry' | 'openSettings' | 'showAccount';

/** The extension's own errors, raised before anything is sent (see setup-error.ts). */
export type SetupErrorType =
  'setup_missing_key' | 'setup_missing_baseUrl' | 'setup_missing_both' | 'setup_invalid_baseUrl' | 'setup_speech_folder';

export type DescribedErrorType = AnyErrorType | SetupErrorType;

export interface ErrorDescription {
  readonly type: string;
  readonly template: string;
  readonly args: ReadonlyArray<string | number>;
  readonly actions: readonly ErrorAction[];
  /** The setting "Open Settings" shows (default `circassian.baseUrl`). */
  readonly setting?: string;
  /** Shown as a warning rather than an error (the user's text is fine, only the timing is not). */
  readonly severity: 'error' | 'warning';
}

/** The fields read from an error; duck-typed so errors from another bundle of the client count too. */
interface ErrorLike {
  readonly type?: unknown;
  readonly message?: unknown;
  readonly retryAfterSeconds?: unknown;
  readonly missing?: unknown;
  readonly folder?: unknown;
  readonly allowed?: unknown;
  readonly value?: unknown;
  readonly body?: unknown;
  readonly operation?: unknown;
}

interface Facts {
  readonly message: string;
  readonly retryAfter: number | undefined;
  readonly error: ErrorLike;
  readonly now: Date;
  readonly timeZone: string | undefined;
  readonly locale: string | undefined;
}

type Entry = Omit<ErrorDescription, 'type'>;

const LIMIT_TEMPLATES: Record<DailyLimitName, string> = {
  requests_per_day: 'Your key’s daily request limit is spent ({0}). It resets at {1} {2}, your time.',
  translate_chars_per_day: 'Your key’s daily translation character limit is spent ({0}). It resets at {1} {2}, your time.',
  speech_seconds_per_day: 'Your key’s daily speech limit (seconds of audio) is spent ({0}). It resets at {1} {2}, your time.',
};

/** A request larger than what is left of a limit that is not spent: {0} needed, {1} left, {2} the limit, {3} used. */
const NEEDS_TEMPLATES: Partial<Record<DailyLimitName, string>> = {
  translate_chars_per_day:
    'This request needs {0} translation characters, more than the {1} left today of your key’s {2} ({3} used). Send a shorter text, or wait: the limit resets at {4} {5}, your time.',
  speech_seconds_per_day:
    'This audio needs {0} seconds of speech, more than the {1} left today of your key’s {2} ({3} used). Speak a shorter text, or wait: the limit resets at {4} {5}, your time.',
};

/** The service's own words: the body's `error.message`, not the client's "429 quota_exceeded (batch): …" around it. */
function serviceWords(error: ErrorLike, message: string): string {
  const body = error.body as { error?: { message?: unknown } } | undefined;
  const said = body?.error?.message;
  return typeof said === 'string' && said.trim() !== '' ? said.trim() : message.replace(/^\d{3} [\w-]+(?: \([\w-]+\))?: /, '');
}

/** 12.30000001 as 12.3: differences of the service's decimals. */
const amount = (value: number): number => Math.round(value * 10) / 10;

function quota({ message, error, now, timeZone, locale }: Facts): Entry {
  const words = serviceWords(error, message);
  const facts = readQuotaExceeded(words, { operation: typeof error.operation === 'string' ? error.operation : undefined, now });
  const { time, day } = formatResetTime(facts.resetsAt, now, timeZone, locale);
  const needs = NEEDS_TEMPLATES[facts.limit];
  if (needs && facts.amounts?.needed !== undefined && facts.amounts.used < facts.amounts.cap) {
    const { used, cap, needed } = facts.amounts;
    return { template: needs, args: [needed, amount(cap - used), cap, used, time, day], actions: ['showAccount'], severity: 'error' };
  }
  if (facts.usage)
    return { template: LIMIT_TEMPLATES[facts.limit], args: [facts.usage, time, day], actions: ['showAccount'], severity: 'error' };
  return {
    template: 'A daily limit of your key is spent; the service says: “{0}” It resets at {1} {2}, your time.',
    args: [words, time, day],
    actions: ['showAccount'],
    severity: 'error',
  };
}

const DESCRIPTIONS: Record<DescribedErrorType, (facts: Facts) => Entry | undefined> = {
  setup_missing_key: () => ({
    template: 'Set your Circassian API key first (keys are issued by the service owner).',
    args: [],
    actions: ['setKey'],
    severity: 'warning',
  }),
  setup_missing_baseUrl: () => ({
    template: 'Set the Circassian service address (setting circassian.baseUrl) first; it comes with your key.',
    args: [],
    actions: ['setUp'],
    severity: 'warning',
  }),
  // One notice and one flow for both: the key, then the address (not a second notice after the key).
  setup_missing_both: () => ({
    template: 'Set your Circassian API key and the service address first; both come from the service owner.',
    args: [],
    actions: ['setUp'],
    severity: 'warning',
  }),
  setup_invalid_baseUrl: ({ error }) => {
    const value = String(error.value ?? '');
    return {
      template:
        'The service address “{0}” (circassian.baseUrl) does not start with http:// or https://. Write it in full, such as https://{1}.',
      args: [value, value.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '').replace(/^\/+/, '')],
      actions: ['openSettings'],
      severity: 'error',
    };
  },
  setup_speech_folder: ({ error }) => ({
    template:
      'The speech folder “{0}” is outside {1}, so no audio was requested. Set circassian.speech.folder to a folder inside it, such as “speech”.',
    args: [String(error.folder ?? ''), String(error.allowed ?? '')],
    actions: ['openSettings'],
    setting: 'circassian.speech.folder',
    severity: 'error',
  }),
  not_configured: () => ({
    template: 'Set your Circassian API key and the service address (circassian.baseUrl) first.',
    args: [],
    actions: ['setKey', 'openSettings'],
    severity: 'warning',
  }),
  unauthorized: () => ({
    template: 'The Circassian service refused the API key (wrong or revoked). Set a new key to continue.',
    args: [],
    actions: ['setKey'],
    severity: 'error',
  }),
  invalid_request: ({ message }) => ({
    template: 'The service cannot accept this text or option: {0}',
    args: [message],
    actions: [],
    severity: 'error',
  }),
  rate_limited: ({ retryAfter }) => ({
    template: 'Too many requests this minute. Try again in {0} seconds.',
    args: [retryAfter ?? 60],
    actions: ['retry'],
    severity: 'warning',
  }),
  quota_exceeded: quota,
  queue_timeout: () => ({ template: 'The model is busy. Try again in a few seconds.', args: [], actions: ['retry'], severity: 'warning' }),
  upstream_unavailable: () => ({
    template: 'The translation and speech model is unavailable at the moment. Try again shortly.',
    args: [],
    actions: ['retry'],
    severity: 'warning',
  }),
  upstream_error: () => ({
    template: 'The model failed on this request. Retry once; if it fails again, please report it.',
    args: [],
    actions: ['retry'],
    severity: 'error',
  }),
  not_found: () => ({
    template: 'The speech job or its audio is gone (audio links last one hour). Speak the text again.',
    args: [],
    actions: [],
    severity: 'error',
  }),
  internal_error: () => ({
    template: 'The Circassian service had an internal error. Try again later.',
    args: [],
    actions: ['retry'],
    severity: 'error',
  }),
  connection_error: ({ message }) => ({
    template: 'Cannot reach the Circassian service: {0} Check circassian.baseUrl and http.proxy.',
    args: [message],
    actions: ['retry', 'openSettings'],
    severity: 'error',
  }),
  timeout: () => ({ template: 'The Circassian service did not answer in time.', args: [], actions: ['retry'], severity: 'warning' }),
  // A cancellation: the user asked for it, there is nothing to say.
  aborted: () => undefined,
  job_failed: ({ message }) => ({ template: 'The speech job failed: {0}', args: [message], actions: ['retry'], severity: 'error' }),
  response_too_large: () => ({
    template: 'The service’s answer was larger than the extension accepts. Try a shorter text.',
    args: [],
    actions: [],
    severity: 'error',
  }),
  invalid_response: ({ message }) => ({
    template: 'The service answered something the extension cannot read: {0} Check that circassian.baseUrl is the Circassian service.',
    args: [message],
    actions: ['openSettings'],
    severity: 'error',
  }),
  unknown: ({ message }) => ({ template: 'Circassian: {0}', args: [message], actions: ['retry'], severity: 'error' }),
};

function isDescribed(type: string): type is DescribedErrorType {
  return Object.hasOwn(DESCRIPTIONS, type);
}

export interface DescribeOptions {
  /** The moment "now" (tests fix it). */
  readonly now?: Date;
  /** The user's time zone; undefined is the system's. */
  readonly timeZone?: string;
  /** How times are written (VS Code's display language); undefined is the system's. */
  readonly locale?: string;
}

/** The message and actions for any thrown value; `undefined` for a cancellation (nothing to say). */
export function describeError(error: unknown, options: DescribeOptions = {}): ErrorDescription | undefined {
  const value = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  let type = typeof value.type === 'string' ? value.type : 'unknown';
  if (type === 'setup_missing') type = `setup_missing_${String(value.missing)}`;
  const message = typeof value.message === 'string' ? value.message : String(error);
  const retryAfter = typeof value.retryAfterSeconds === 'number' ? value.retryAfterSeconds : undefined;
  const facts: Facts = {
    message,
    retryAfter,
    error: value,
    now: options.now ?? new Date(),
    timeZone: options.timeZone,
    locale: options.locale,
  };
  if (!isDescribed(type)) return { type, ...(DESCRIPTIONS.unknown(facts) as Entry) };
  const entry = DESCRIPTIONS[type](facts);
  return entry ? { type, ...entry } : undefined;
}

/** Fills `{0}`-style placeholders the way `vscode.l10n.t` does (for tests and non-editor use). */
export function formatTemplate(template: string, args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
