// What a chaos run checks once the work is quiet (pure, so test/chaos/ledger.test.ts holds it): the
// service's call log against the work, and how long the work a killed instance held took to finish.

/** One answered call of the local service's log, as `sandbox.admin.calls` gives it. */
export interface LoggedCall {
  readonly operation: string;
  readonly outcome: string;
  readonly content?: { readonly request?: unknown } | null;
}

/**
 * What was bought more than once: each text of an answered batch or translate call, and each text an
 * answered speech call voiced, per target language (or voice language), with how many times.
 */
export function boughtTwice(calls: readonly LoggedCall[]): Array<{ what: string; times: number }> {
  const seen = new Map<string, number>();
  for (const call of calls) {
    if (call.outcome !== 'ok') continue;
    for (const what of bought(call)) seen.set(what, (seen.get(what) ?? 0) + 1);
  }
  return [...seen].filter(([, times]) => times > 1).map(([what, times]) => ({ what, times }));
}

function bought(call: LoggedCall): string[] {
  const request = (call.content?.request ?? {}) as { texts?: unknown; text?: unknown; target_lang?: unknown; language?: unknown };
  if (call.operation === 'batch' && Array.isArray(request.texts))
    return request.texts.map((text) => `${String(request.target_lang)} ${String(text)}`);
  if (call.operation === 'translate' && typeof request.text === 'string') return [`${String(request.target_lang)} ${request.text}`];
  if (call.operation === 'speech' && typeof request.text === 'string') return [`speech ${String(request.language)} ${request.text}`];
  return [];
}

/** p50, p95 and the largest of some durations (ms), or undefined for none. */
export function spread(durations: readonly number[]): { p50: number; p95: number; max: number } | undefined {
  if (durations.length === 0) return undefined;
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] as number };
}
