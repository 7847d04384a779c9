// Reads the service's quota_exceeded message for which daily limit ran out and when it resets, so
// the user is told both in their own words and time zone. The interface promises only that the
// message "states usage and time to reset"; the forms read here are the service's (and the
// sandbox's): "Daily translation character quota exceeded: 990 of 1000 characters used, this
// request needs 20; resets in 3h 12m (00:00 UTC)." Anything unreadable falls back to the next
// midnight UTC, when every daily counter of the interface starts over.

export type DailyLimit = 'requests' | 'translation characters' | 'speech seconds';

export interface QuotaFacts {
  /** Undefined when the message does not name the limit. */
  readonly limit: DailyLimit | undefined;
  /** The usage as the service stated it ("990 of 1000 characters used"), if it did. */
  readonly usage: string | undefined;
  /** The numbers of the usage, when stated: used, the limit (`cap`), and what this request needed. */
  readonly amounts: { readonly used: number; readonly cap: number; readonly needed?: number } | undefined;
  readonly resetsAt: Date;
}

const LIMIT_WORDS: ReadonlyArray<[RegExp, DailyLimit]> = [
  [/\bcharacter/i, 'translation characters'],
  [/\bspeech|\bseconds?\b|\baudio/i, 'speech seconds'],
  [/\brequest/i, 'requests'],
];

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function limitOf(message: string): DailyLimit | undefined {
  const named = /daily\s+([\w ]+?)\s+(?:quota|limit)/i.exec(message)?.[1] ?? message;
  return LIMIT_WORDS.find(([pattern]) => pattern.test(named))?.[1];
}

function resetOf(message: string, now: Date): Date {
  const after = /resets?\s+in\s+(?:(\d+)\s*h(?:ours?)?\s*)?(?:(\d+)\s*m(?:in(?:utes?)?)?)?/i.exec(message);
  if (after && (after[1] !== undefined || after[2] !== undefined)) {
    const minutes = Number(after[1] ?? 0) * 60 + Number(after[2] ?? 0);
    return new Date(now.getTime() + minutes * 60_000);
  }
  const at = /resets?\s+at\s+(\d{4}-\d\d-\d\dT[\d:.]+Z)/i.exec(message);
  if (at?.[1] && !Number.isNaN(Date.parse(at[1]))) return new Date(at[1]);
  return nextUtcMidnight(now);
}

export function readQuotaMessage(message: string, now: Date): QuotaFacts {
  const usage = /:\s*([^:;]*\bused\b[^;]*?)(?:,\s*this request needs[^;]*)?\s*(?:;|$)/i.exec(message)?.[1]?.trim();
  const numbers = /([\d.]+)\s+of\s+([\d.]+)\b[^;,]*\bused\b(?:,\s*this request needs\s+([\d.]+))?/i.exec(message);
  const amounts = numbers
    ? {
        used: Number(numbers[1]),
        cap: Number(numbers[2]),
        ...(numbers[3] === undefined ? {} : { needed: Number(numbers[3]) }),
      }
    : undefined;
  const readable = amounts && Number.isFinite(amounts.used) && Number.isFinite(amounts.cap) && !Number.isNaN(amounts.needed ?? 0);
  return { limit: limitOf(message), usage: usage || undefined, amounts: readable ? amounts : undefined, resetsAt: resetOf(message, now) };
}

/**
 * "03:00 tomorrow" in `timeZone` (the user's when undefined) and `locale` (VS Code's display language): the clock time of the reset and
 * whether that is today, tomorrow or a later date, as the user's calendar counts days.
 */
export function formatResetTime(
  resetsAt: Date,
  now: Date,
  timeZone?: string,
  displayLocale?: string,
): { time: string; day: 'today' | 'tomorrow' | string } {
  // A display language Intl does not know (a pseudo-locale) falls back to the system's.
  const locale = displayLocale && Intl.DateTimeFormat.supportedLocalesOf([displayLocale]).length > 0 ? displayLocale : undefined;
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(resetsAt);
  const dayOf = (date: Date): string =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
  const today = dayOf(now);
  const tomorrow = dayOf(new Date(now.getTime() + 86_400_000));
  const day = dayOf(resetsAt);
  return {
    time,
    day:
      day === today
        ? 'today'
        : day === tomorrow
          ? 'tomorrow'
          : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(resetsAt),
  };
}
