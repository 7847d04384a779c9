// Which texts of a file a Translate File run sends, and which it takes as they are: a text without
// words (a placeholder alone, a number) as typed, a text the format cannot keep intact as typed
// (named), a text whose source did not change since the last run from the translated file (hand
// edits kept), also when it moved. Only what was taken from the last run counts as "kept from the
// last run": a first run keeps nothing, whatever its files hold.
import type { FileUnit } from './file-formats/format';
import { hasWords, maskPlaceholders, type Masked } from './placeholders';

export interface PendingText {
  readonly key: string;
  readonly text: string;
  readonly masked: Masked;
  /** The unit's context (a PO entry's msgctxt), part of its memory unit. */
  readonly context?: string;
}

export interface FileRunPlan {
  /** Unit key -> its text in the new file, for the units not sent. */
  readonly result: Map<string, string>;
  readonly pending: PendingText[];
  /** `key (reason)` of each text left as typed because its markup cannot be kept intact. */
  readonly leftAsTyped: string[];
  /** How many units took their text from the last run's translated file. */
  readonly keptFromLastRun: number;
}

export function planFileRun(
  units: readonly FileUnit[],
  protect: RegExp | undefined,
  /** Unit key -> the source text its translation was made from, by the last run. */
  remembered: Readonly<Record<string, string>>,
  /** The translated file's texts by unit key (the last run's output with any hand edits). */
  previous: ReadonlyMap<string, string>,
): FileRunPlan {
  // A unit that moved (a paragraph inserted above it) is found by its source text.
  const bySource = new Map<string, string>();
  for (const [key, text] of Object.entries(remembered)) {
    const kept = previous.get(key);
    if (kept !== undefined && !bySource.has(text)) bySource.set(text, kept);
  }
  const result = new Map<string, string>();
  const pending: PendingText[] = [];
  const leftAsTyped: string[] = [];
  let keptFromLastRun = 0;
  for (const unit of units) {
    if (unit.keep !== undefined) {
      result.set(unit.key, unit.text);
      leftAsTyped.push(`${unit.key} (${unit.keep})`);
      continue;
    }
    const masked = maskPlaceholders(unit.text, protect);
    const kept = remembered[unit.key] === unit.text ? previous.get(unit.key) : undefined;
    const moved = bySource.get(unit.text);
    if (!hasWords(masked)) result.set(unit.key, unit.text);
    else if (kept !== undefined || moved !== undefined) {
      result.set(unit.key, kept ?? moved ?? unit.text);
      keptFromLastRun++;
    } else pending.push({ key: unit.key, text: unit.text, masked, ...(unit.context === undefined ? {} : { context: unit.context }) });
  }
  return { result, pending, leftAsTyped, keptFromLastRun };
}

/** Translate File's closing line: what was translated, and what was kept from the last run only when there was one. */
export function fileRunSummary(counts: { translated: number; kept: number }): { template: string; singular: boolean } {
  const { translated, kept } = counts;
  if (kept === 0)
    return translated === 1
      ? { template: '{0}: 1 text translated.', singular: true }
      : { template: '{0}: {1} texts translated.', singular: false };
  if (translated === 0) return { template: '{0}: nothing new to translate, {2} kept from the last run.', singular: false };
  return translated === 1
    ? { template: '{0}: 1 text translated, {2} kept from the last run.', singular: true }
    : { template: '{0}: {1} texts translated, {2} kept from the last run.', singular: false };
}
