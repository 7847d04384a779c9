// circassian.searchMemory: "Search Translation Memory" (issue 33), the memory's concordance: a pick
// that searches as you type, in either language (core's search: palochka look-alikes and case do
// not count, `фIыуэ` and `ф1ыуэ` find `фӀыуэ`), each unit with its origin and who wrote it, when
// and where. Choosing a unit writes its translation over the editor's selection (or copies it when
// no editor is open); its buttons copy it, edit its translation, or remove that one unit (the
// pick opens again on the same words after). From code: `{ phrase }` lists the units found.
import * as vscode from 'vscode';
import type { ConcordanceHit, MemoryUnit, SearchableTranslationMemory } from '@circassian/core';
import { isWritable } from '../editor/apply-edits';
import { askAndEditUnit, askAndRemoveUnit } from '../memory/unit-actions';
import { shortened, unitProvenance } from '../memory/unit-description';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { refuse } from '../editor/refuse';

export interface SearchMemoryOptions {
  readonly phrase?: unknown;
}

type Outcome = CommandOutcome<{ readonly units?: readonly MemoryUnit[]; readonly inserted?: string; readonly copied?: string }>;

type UnitAction = 'copy' | 'edit' | 'remove';
type Chosen = { readonly action: UnitAction | 'insert'; readonly unit: MemoryUnit; readonly phrase: string };

export async function searchMemory(services: Services, options?: SearchMemoryOptions): Promise<Outcome> {
  if (options && (typeof options.phrase !== 'string' || options.phrase.trim() === ''))
    return refuse('invalid_phrase', vscode.l10n.t('Give a word or phrase to search the translation memory for.'));
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  if (options) return { status: 'ok', units: (await memory.search(String(options.phrase).trim())).map((hit) => hit.unit) };
  // The editor the translation goes into: the one in front when the search started.
  const editor = vscode.window.activeTextEditor;
  let phrase = '';
  for (;;) {
    const chosen = await searchPick(memory, phrase);
    if (chosen === undefined) return { status: 'cancelled' };
    phrase = chosen.phrase;
    const { unit } = chosen;
    if (chosen.action === 'edit') await askAndEditUnit(services, memory, unit);
    else if (chosen.action === 'remove') await askAndRemoveUnit(memory, unit);
    else if (chosen.action === 'insert' && editor && !editor.document.isClosed && isWritable(editor.document)) {
      const shown = await vscode.window.showTextDocument(editor.document, editor.viewColumn);
      await shown.edit((builder) => {
        for (const selection of shown.selections) builder.replace(selection, unit.target);
      });
      return { status: 'ok', inserted: unit.target };
    } else {
      await vscode.env.clipboard.writeText(unit.target);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Translation copied'), 3_000);
      return { status: 'ok', copied: unit.target };
    }
  }
}

const BUTTONS: Record<UnitAction, () => vscode.QuickInputButton> = {
  copy: () => ({ iconPath: new vscode.ThemeIcon('copy'), tooltip: vscode.l10n.t('Copy the translation') }),
  edit: () => ({ iconPath: new vscode.ThemeIcon('edit'), tooltip: vscode.l10n.t('Edit this translation') }),
  remove: () => ({ iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Remove this unit from the memory') }),
};

type Item = vscode.QuickPickItem & { readonly unit: MemoryUnit };

function itemOf(hit: ConcordanceHit, buttons: readonly vscode.QuickInputButton[]): Item {
  return {
    // Source → translation, as the review shows units: which side is which is never a guess.
    label: `${shortened(hit.unit.source)} → ${shortened(hit.unit.target)}`,
    detail: unitProvenance(hit.unit),
    // The pick's own filter compares as typed (a Latin I is not the palochka): the memory chose these.
    alwaysShow: true,
    buttons,
    unit: hit.unit,
  };
}

/** The search as you type; resolves with what was chosen (and the words typed), or undefined when closed. */
function searchPick(memory: SearchableTranslationMemory, phrase: string): Promise<Chosen | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<Item>();
    pick.title = vscode.l10n.t('Search the translation memory');
    pick.placeholder = vscode.l10n.t('A word or phrase in either language (a Latin I or 1 finds the palochka)');
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const buttons = (['copy', 'edit', 'remove'] as const).map((action) => ({ ...BUTTONS[action](), action }));
    let searches = 0;
    let result: Chosen | undefined;
    const search = async (value: string): Promise<void> => {
      const searching = ++searches;
      const words = value.trim();
      if (words === '') {
        pick.busy = false;
        pick.items = [];
        return;
      }
      pick.busy = true;
      const hits = await memory.search(words).catch(() => []);
      // A later keystroke's search wins.
      if (searching !== searches) return;
      pick.busy = false;
      // The strongest and newest first; a search of one common letter does not fill the list with thousands.
      pick.items = hits.slice(0, 200).map((hit) => itemOf(hit, buttons));
    };
    pick.onDidChangeValue((value) => void search(value));
    pick.onDidAccept(() => {
      const [item] = pick.selectedItems;
      if (!item) return;
      result = { action: 'insert', unit: item.unit, phrase: pick.value };
      pick.hide();
    });
    pick.onDidTriggerItemButton(({ item, button }) => {
      result = { action: (button as (typeof buttons)[number]).action, unit: item.unit, phrase: pick.value };
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(result);
    });
    pick.value = phrase;
    void search(phrase);
    pick.show();
  });
}
