// What this editor spent today on the key, as it knows from what it sent and got back: translation
// characters (sent plus received, as the service counts them) and seconds of speech. Per UTC day,
// the day the service's daily limits count. Show Account puts it beside the limits. An estimate
// for this editor only: other programs using the same key are not in it.
import type * as vscode from 'vscode';
import { characterCount } from '@circassian/core/text';

const STATE_KEY = 'circassian.spentToday';

export interface SpentToday {
  /** The UTC day (YYYY-MM-DD). */
  readonly day: string;
  readonly translationCharacters: number;
  readonly speechSeconds: number;
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export class SpendingLedger {
  constructor(private readonly state: vscode.Memento) {}

  today(now = new Date()): SpentToday {
    const stored = this.state.get<SpentToday>(STATE_KEY);
    const day = utcDay(now);
    return stored?.day === day ? stored : { day, translationCharacters: 0, speechSeconds: 0 };
  }

  /**
   * Adds to today's count. A Memento holds the new value at once (today() reads it); its write to
   * storage is not waited for, so no command or hover waits on it (in code-server that write is a
   * round trip to the browser). A failed write loses an estimate, nothing the user made.
   */
  add(spent: { readonly translationCharacters?: number; readonly speechSeconds?: number }): void {
    const current = this.today();
    this.state
      .update(STATE_KEY, {
        day: current.day,
        translationCharacters: current.translationCharacters + (spent.translationCharacters ?? 0),
        speechSeconds: Math.round((current.speechSeconds + (spent.speechSeconds ?? 0)) * 10) / 10,
      })
      .then(undefined, () => undefined);
  }
}

/** Characters a translation costs: the text sent and the text received, counted as the service counts them. */
export function translationCost(sent: readonly string[], received: readonly string[]): number {
  return [...sent, ...received].reduce((sum, text) => sum + characterCount(text), 0);
}
