// circassian.reviewMemory: "Review Translation Memory..." (issue 32): what people taught the
// workspace's memory (human and reviewed units, suggestions), most recent first, with who taught
// each, when and where. A pick of the people (or everyone) first, then their units; "Remove
// everything NAME taught" takes all of one person's teaching back after a question whose focused
// answer keeps it (the service's own answers stay). From code: `{ by }` lists that person's units
// (everyone's without it) in the outcome, and `{ by, remove: true }` removes them without asking.
import * as vscode from 'vscode';
import { unitAuthor, type MemoryUnit, type TranslationMemory } from '@circassian/core';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { confirmRemoval } from '../editor/keep-or-remove';
import { refuse } from '../editor/refuse';
import { askAndEditUnit, askAndRemoveUnit } from '../memory/unit-actions';
import { dated, shortened, unitBy, unitProvenance } from '../memory/unit-description';

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
async function taughtUnits(memory: TranslationMemory): Promise<MemoryUnit[]> {
  const taught: MemoryUnit[] = [];
  for await (const unit of memory.units()) if (unit.origin !== 'machine' || unit.suggestion) taught.push(unit);
  return taught.sort((a, b) => (b.changed ?? b.created).localeCompare(a.changed ?? a.created));
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
  const all = (await taughtUnits(memory)).map((unit) => ({ taught: asTaught(unit) }));
  if (options) return { status: 'ok', units: all.filter(({ taught }) => by === undefined || taught.by === by).map(({ taught }) => taught) };
  if (all.length === 0) {
    const message = vscode.l10n.t('No one has taught this translation memory yet: it holds only the service’s answers.');
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  const person = await pickPerson(all.map(({ taught }) => taught));
  if (person === undefined) return { status: 'cancelled' };
  // The person's units; a unit edited or removed with its buttons, the list again as it is now.
  for (;;) {
    const units = (await taughtUnits(memory)).filter((unit) => person === null || (unitAuthor(unit) ?? '') === person);
    const picked = await pickUnit(units, person);
    if (picked === undefined || picked === 'close') return { status: 'ok', units: units.map(asTaught) };
    if (picked === 'removeAll' && person) return removeEverything(memory, person, units.length);
    if (typeof picked === 'object' && picked.action === 'edit') await askAndEditUnit(services, memory, picked.unit);
    if (typeof picked === 'object' && picked.action === 'remove') await askAndRemoveUnit(memory, picked.unit);
  }
}

async function removeEverything(memory: TranslationMemory, person: string, count: number): Promise<CommandOutcome<{ removed?: number }>> {
  const confirmed = await confirmRemoval({
    title: vscode.l10n.t('Remove everything {0} taught the translation memory?', person),
    remove: count === 1 ? vscode.l10n.t('Remove 1 unit {0} taught', person) : vscode.l10n.t('Remove {0} units {1} taught', count, person),
    detail: vscode.l10n.t('Only an earlier export brings them back; the service’s answers stay.'),
  });
  if (!confirmed) return { status: 'cancelled' };
  const removed = await removeTaught(memory, person);
  void vscode.window.showInformationMessage(removedMessage(removed, person));
  return { status: 'ok', removed };
}

type UnitPick = { readonly action: 'edit' | 'remove'; readonly unit: MemoryUnit } | 'removeAll' | 'close';

/** The units of one person (or everyone), each with buttons to edit its translation or remove it; "Remove everything NAME taught" first. */
function pickUnit(units: readonly MemoryUnit[], person: string | null): Promise<UnitPick | undefined> {
  type Item = vscode.QuickPickItem & { readonly unit?: MemoryUnit; readonly removeAll?: true };
  const edit = { iconPath: new vscode.ThemeIcon('edit'), tooltip: vscode.l10n.t('Edit this translation') };
  const remove = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Remove this unit from the memory') };
  const items: Item[] = [
    ...(person
      ? [
          {
            label: `$(trash) ${vscode.l10n.t('Remove everything {0} taught', person)}`,
            description: units.length === 1 ? vscode.l10n.t('1 unit') : vscode.l10n.t('{0} units', units.length),
            removeAll: true as const,
          },
        ]
      : []),
    ...units.map((unit): Item => ({
      label: `${shortened(unit.source)} → ${shortened(unit.target)}`,
      description: `${unitBy(unit)} · ${dated(unit.changed ?? unit.created)}`,
      detail: unitProvenance(unit),
      buttons: [edit, remove],
      unit,
    })),
  ];
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<Item>();
    pick.title = person
      ? vscode.l10n.t('What {0} taught the translation memory', person)
      : vscode.l10n.t('What people taught the translation memory');
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    pick.items = items;
    let result: UnitPick | undefined;
    pick.onDidAccept(() => {
      result = pick.selectedItems[0]?.removeAll ? 'removeAll' : 'close';
      pick.hide();
    });
    pick.onDidTriggerItemButton(({ item, button }) => {
      if (item.unit) result = { action: button === edit ? 'edit' : 'remove', unit: item.unit };
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(result);
    });
    pick.show();
  });
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
