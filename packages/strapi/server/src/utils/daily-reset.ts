// When the service's daily allowances start over.
/** The next UTC midnight: when the service's daily limits reset. */
export function nextUtcMidnight(now = Date.now()): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}
