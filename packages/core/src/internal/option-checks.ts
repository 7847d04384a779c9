/**
 * Numeric options are checked where they enter, with the option's name in the message: a NaN
 * `maxRetries` would otherwise retry without end (no count is ever `>= NaN`), and a `timeoutMs` of
 * 0 would silently switch undici's timers off.
 */
import { CircassianError } from '../errors.js';

type Rule = 'count' | 'positive-count' | 'duration' | 'positive-duration';

const RULES: Readonly<Record<Rule, { test: (n: number) => boolean; wanted: string }>> = {
  count: { test: (n) => Number.isInteger(n) && n >= 0, wanted: 'a whole number of 0 or more' },
  'positive-count': { test: (n) => Number.isInteger(n) && n >= 1, wanted: 'a whole number of 1 or more' },
  duration: { test: (n) => Number.isFinite(n) && n >= 0, wanted: 'a finite number of milliseconds, 0 or more' },
  'positive-duration': { test: (n) => Number.isFinite(n) && n > 0, wanted: 'a finite number of milliseconds above 0' },
};

/** Returns the value when it is undefined or keeps the rule; throws a CircassianError naming the option otherwise. */
export function checkOption<T extends number | undefined>(name: string, value: T, rule: Rule): T {
  if (value === undefined) return value;
  const { test, wanted } = RULES[rule];
  if (typeof value !== 'number' || !test(value)) throw new CircassianError(`${name} must be ${wanted}, got ${String(value)}`);
  return value;
}
