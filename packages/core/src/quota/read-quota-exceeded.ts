/**
 * Which daily allowance a `quota_exceeded` answer is about, and the usage and reset it states.
 *
 * The interface promises only that the message "states usage and time to reset"; which of the
 * key's three daily limits ran out is said in words ("Daily translation character quota exceeded:
 * 990 of 1000 characters used, this request needs 20; resets in 3h 12m (00:00 UTC)."). This is the
 * one place that reads it: every host decides the allowance here, and the WordPress plugin mirrors
 * it through the shared vectors (shared/vectors/quota-messages.json). The message is read first
 * (the limit it names, else the unit of the usage it states); a message that says neither is
 * about the allowance the failed operation spends (speech: seconds; translation: characters;
 * everything else spends only requests).
 */
/** The key's daily limits (KeyLimitName but the per-minute one): what a `quota_exceeded` can be about. */
export type DailyLimitName = 'requests_per_day' | 'translate_chars_per_day' | 'speech_seconds_per_day';

export interface QuotaAmounts {
  readonly used: number;
  readonly cap: number;
  /** What the refused request needed, when the service said ("this request needs 20"). */
  readonly needed?: number;
}

export interface QuotaReading {
  readonly limit: DailyLimitName;
  /** How the limit was known: named by the message, or inferred from the failed operation. */
  readonly from: 'message' | 'operation';
  /** The usage as the service stated it ("990 of 1000 characters used"), if it did. */
  readonly usage?: string;
  readonly amounts?: QuotaAmounts;
  /** When the limit starts over: the stated time, else the next midnight UTC (the interface counts per UTC day). */
  readonly resetsAt: Date;
}

const WORDS_OF_LIMIT: ReadonlyArray<readonly [RegExp, DailyLimitName]> = [
  [/\brequests?\b/i, 'requests_per_day'],
  [/\b(speech|audio|seconds?)\b/i, 'speech_seconds_per_day'],
  [/\b(translation|characters?|chars?)\b/i, 'translate_chars_per_day'],
];

/** What each operation spends besides a request (see the interface's limits table). */
const LIMIT_OF_OPERATION: Readonly<Record<string, DailyLimitName>> = {
  translate: 'translate_chars_per_day',
  batch: 'translate_chars_per_day',
  speech: 'speech_seconds_per_day',
  jobs: 'speech_seconds_per_day',
  audio: 'speech_seconds_per_day',
};

const named = (words: string | undefined): DailyLimitName | undefined =>
  words === undefined ? undefined : WORDS_OF_LIMIT.find(([pattern]) => pattern.test(words))?.[1];

function limitOf(message: string, operation: string | undefined): Pick<QuotaReading, 'limit' | 'from'> {
  const phrase = /\bdaily\s+([\w -]+?)\s+(?:quota|limit|allowance)\b/i.exec(message)?.[1];
  const unit = /[\d.]+\s+of\s+[\d.]+\s+([\w ]+?)\s+used\b/i.exec(message)?.[1];
  const fromMessage = named(phrase) ?? named(unit);
  if (fromMessage) return { limit: fromMessage, from: 'message' };
  return { limit: (operation && LIMIT_OF_OPERATION[operation]) || 'requests_per_day', from: 'operation' };
}

function amountsOf(message: string): QuotaAmounts | undefined {
  const numbers = /([\d.]+)\s+of\s+([\d.]+)\b[^;,]*?\bused\b(?:,\s*this request needs\s+([\d.]+))?/i.exec(message);
  if (!numbers) return undefined;
  const used = Number(numbers[1]);
  const cap = Number(numbers[2]);
  const needed = numbers[3] === undefined ? undefined : Number(numbers[3]);
  if (!Number.isFinite(used) || !Number.isFinite(cap) || (needed !== undefined && !Number.isFinite(needed))) return undefined;
  return needed === undefined ? { used, cap } : { used, cap, needed };
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function resetOf(message: string, now: Date): Date {
  const after = /resets?\s+in\s+(?:(\d+)\s*h(?:ours?)?\s*)?(?:(\d+)\s*m(?:in(?:utes?)?)?)?/i.exec(message);
  if (after && (after[1] !== undefined || after[2] !== undefined)) {
    const minutes = Number(after[1] ?? 0) * 60 + Number(after[2] ?? 0);
    return new Date(now.getTime() + minutes * 60_000);
  }
  const at = /resets?\s+at\s+(\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:?\d\d))/i.exec(message);
  if (at?.[1] && !Number.isNaN(Date.parse(at[1]))) return new Date(at[1]);
  return nextUtcMidnight(now);
}

/**
 * Reads a `quota_exceeded` message. `operation` is the call that met it (an error's `operation`);
 * `now` is the clock the reset is counted from.
 */
export function readQuotaExceeded(message: string, options: { operation?: string | undefined; now?: Date } = {}): QuotaReading {
  const now = options.now ?? new Date();
  const usage = /:\s*([^:;]*\bused\b[^;]*?)(?:,\s*this request needs[^;]*)?\s*(?:;|$)/i.exec(message)?.[1]?.trim();
  const amounts = amountsOf(message);
  return {
    ...limitOf(message, options.operation),
    ...(usage ? { usage } : {}),
    ...(amounts ? { amounts } : {}),
    resetsAt: resetOf(message, now),
  };
}
