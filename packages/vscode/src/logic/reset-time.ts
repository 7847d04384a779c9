// When a daily limit resets, in the user's own words and time zone. Which limit a quota_exceeded
// answer is about, its usage and its reset are read once, in core (`readQuotaExceeded`).

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
