// Counted palochka messages, singular for one: `vscode.l10n.t` has no plural forms, so each count
// gets its own template (Russian's are worded around the number, "Исправлено знаков: {0}").

export interface CountedMessage {
  readonly template: string;
  readonly args: readonly number[];
}

/** What Fix Palochka says in the status bar after an edit of `count` look-alikes. */
export function fixedLookAlikesMessage(count: number): CountedMessage {
  return count === 1
    ? { template: 'Fixed 1 palochka look-alike', args: [] }
    : { template: 'Fixed {0} palochka look-alikes', args: [count] };
}
