// The questions before changing one memory unit, shared by Search Translation Memory and Review
// Translation Memory: the new translation (an input box holding the current one), and whether to
// remove it (a choice whose focused answer keeps it, so Enter or Escape removes nothing).
import * as vscode from 'vscode';
import type { MemoryUnit, TranslationMemory } from '@circassian/core';
import { confirmRemoval } from '../editor/keep-or-remove';
import type { Services } from '../services';
import { editUnitTarget, removeUnit } from './unit-edits';
import { shortened, unitProvenance } from './unit-description';

/** Asks the unit's new translation and stores it as the person's; resolves with the unit as stored, or undefined when nothing changed. */
export async function askAndEditUnit(services: Services, memory: TranslationMemory, unit: MemoryUnit): Promise<MemoryUnit | undefined> {
  const target = await vscode.window.showInputBox({
    title: vscode.l10n.t('Edit the translation of “{0}”', shortened(unit.source)),
    prompt: `${unit.source} · ${unitProvenance(unit)}`,
    value: unit.target,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('A translation cannot be empty: remove the unit instead.') : undefined),
  });
  if (target === undefined || target.trim() === '' || target.trim() === unit.target) return undefined;
  const stored = await editUnitTarget(memory, unit, target, await services.author.name());
  void vscode.window.showInformationMessage(
    vscode.l10n.t('“{0}” is translated “{1}” in the translation memory from now on.', shortened(unit.source), shortened(stored.target)),
  );
  return stored;
}

/** Asks before removing the unit (Keep it is the focused answer); resolves true when it was removed. */
export async function askAndRemoveUnit(memory: TranslationMemory, unit: MemoryUnit): Promise<boolean> {
  const confirmed = await confirmRemoval({
    title: vscode.l10n.t('Remove “{0}” → “{1}” from the translation memory?', shortened(unit.source, 40), shortened(unit.target, 40)),
    keep: vscode.l10n.t('Keep it'),
    remove: vscode.l10n.t('Remove this unit'),
    description: unitProvenance(unit),
    detail: vscode.l10n.t('Only an earlier export brings it back.'),
  });
  if (!confirmed) return false;
  const removed = (await removeUnit(memory, unit)) > 0;
  if (removed)
    void vscode.window.showInformationMessage(vscode.l10n.t('“{0}” removed from the translation memory.', shortened(unit.source)));
  return removed;
}
