// circassian.reviewMemory: "Review Translation Memory..." (issue 32): what people taught the
// workspace's memory (human and reviewed units, suggestions), most recent first, with who taught
// each, when and where. A pick of the people (or everyone) first, then their units; "Remove
// everything NAME taught" takes all of one person's teaching back after a question whose focused
// answer keeps it (the service's own answers stay). From code: `{ by }` lists that person's units
// (everyone's without it) in the outcome, and `{ by, remove: true }` removes them without asking.
import * as vscode from 'vscode';
import type { MemoryUnit, TranslationMemory } from '@circassian/core';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { confirmRemoval } from '../editor/keep-or-remove';
import { refuse } from '../editor/refuse';

export interface ReviewMemoryOptions {
  readonly by?: unknown;
  readonly remove?: unknown;
}

/** A taught unit as the review shows it and a caller gets it. */
export interface TaughtUnit {
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly source: string;
  readonly target: string;
  readonly origin: string;
  readonly suggestion: boolean;
  /** Who wrote its translation (the last to change it, else its creator); empty when the unit names no one. */
  readonly by: string;
  readonly when: string;
  readonly where?: string;
  readonly context?: string;
}

/** Every unit a person taught (not the service's answers), most recent first. */
async function taughtUnits(memory: TranslationMemory): Promise<TaughtUnit[]> {
  const taught: TaughtUnit[] = [];
  for await (const unit of memory.units()) if (unit.origin !== 'machine' || unit.suggestion) taught.push(asTaught(unit));
  return taught.sort((a, b) => b.when.localeCompare(a.when));
}

function asTaught(unit: MemoryUnit): TaughtUnit {
  return {
    sourceLang: unit.sourceLang,
    targetLang: unit.targetLang,
    source: unit.source,
    target: unit.target,
    origin: unit.origin,
    suggestion: unit.suggestion === true,
    by: unit.changer ?? unit.creator ?? '',
    when: unit.changed ?? unit.created,
    ...(unit.where ? { where: unit.where } : {}),
    ...(unit.context ? { context: unit.context } : {}),
  };
}

/** Removes every unit `by` taught (human, reviewed, suggestions); the service's answers stay. */
async function removeTaught(memory: TranslationMemory, by: string): Promise<number> {
  return (await memory.remove({ by, origin: 'human' })) + (await memory.remove({ by, origin: 'reviewed' }));
}

const shortened = (text: string, length = 60): string => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const dated = (iso: string): string => new Date(iso).toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });

function removedMessage(removed: number, by: string): string {
  return removed === 1
    ? vscode.l10n.t('1 translation unit {0} taught removed from the memory.', by)
    : vscode.l10n.t('{0} translation units {1} taught removed from the memory.', removed, by);
}

/** `options` from code (even `{}`): no question asked; without them (the palette) the picks. */
export async function reviewMemory(
  services: Services,
  options?: ReviewMemoryOptions,
): Promise<CommandOutcome<{ units?: readonly TaughtUnit[]; removed?: number }>> {
  if (options?.by !== undefined && (typeof options.by !== 'string' || options.by.trim() === '')) {
    return refuse('invalid_person', vscode.l10n.t('"{0}" is not a name: give the person as their units name them.', String(options.by)));
  }
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const by = typeof options?.by === 'string' ? options.by.trim() : undefined;
  if (by !== undefined && options?.remove === true) {
    const removed = await removeTaught(memory, by);
    void vscode.window.showInformationMessage(removedMessage(removed, by));
    return { status: 'ok', removed };
  }
  const all = await taughtUnits(memory);
  if (options) return { status: 'ok', units: all.filter((unit) => by === undefined || unit.by === by) };
  if (all.length === 0) {
    const message = vscode.l10n.t('No one has taught this translation memory yet: it holds only the service’s answers.');
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  const person = await pickPerson(all);
  if (person === undefined) return { status: 'cancelled' };
  const units = all.filter((unit) => person === null || unit.by === person);
  const removeAll = person
    ? {
        label: `$(trash) ${vscode.l10n.t('Remove everything {0} taught', person)}`,
        description: units.length === 1 ? vscode.l10n.t('1 unit') : vscode.l10n.t('{0} units', units.length),
        remove: true as const,
      }
    : undefined;
  const picked = await vscode.window.showQuickPick(
    [
      ...(removeAll ? [removeAll] : []),
      ...units.map((unit) => ({
        label: `${shortened(unit.source)} → ${shortened(unit.target)}`,
        description: `${unit.by || vscode.l10n.t('no name')} · ${dated(unit.when)}`,
        detail: [
          unit.where,
          `${unit.sourceLang} → ${unit.targetLang}`,
          unit.suggestion ? vscode.l10n.t('suggestion') : unit.origin,
          unit.context ? vscode.l10n.t('context “{0}”', unit.context) : undefined,
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    ],
    {
      title: person
        ? vscode.l10n.t('What {0} taught the translation memory', person)
        : vscode.l10n.t('What people taught the translation memory'),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  if (!picked || !('remove' in picked) || !person) return { status: 'ok', units };
  const confirmed = await confirmRemoval({
    title: vscode.l10n.t('Remove everything {0} taught the translation memory?', person),
    remove:
      units.length === 1
        ? vscode.l10n.t('Remove 1 unit {0} taught', person)
        : vscode.l10n.t('Remove {0} units {1} taught', units.length, person),
    detail: vscode.l10n.t('Only an earlier export brings them back; the service’s answers stay.'),
  });
  if (!confirmed) return { status: 'cancelled' };
  const removed = await removeTaught(memory, person);
  void vscode.window.showInformationMessage(removedMessage(removed, person));
  return { status: 'ok', removed };
}

/** The person to review (`null`: everyone), the most recently active first. */
async function pickPerson(units: readonly TaughtUnit[]): Promise<string | null | undefined> {
  const people = new Map<string, { count: number; last: string }>();
  for (const unit of units) {
    const seen = people.get(unit.by);
    people.set(unit.by, { count: (seen?.count ?? 0) + 1, last: seen && seen.last > unit.when ? seen.last : unit.when });
  }
  const count = (n: number): string => (n === 1 ? vscode.l10n.t('1 unit') : vscode.l10n.t('{0} units', n));
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(organization) ${vscode.l10n.t('Everyone')}`, description: count(units.length), person: null },
      ...[...people]
        .sort(([, a], [, b]) => b.last.localeCompare(a.last))
        .map(([name, { count: n, last }]) => ({
          label: `$(person) ${name || vscode.l10n.t('no name')}`,
          description: `${count(n)} · ${vscode.l10n.t('last {0}', dated(last))}`,
          person: name,
        })),
    ],
    { title: vscode.l10n.t('Review the translation memory: who taught it') },
  );
  return picked === undefined ? undefined : picked.person;
}
