// circassian.fixPalochka: replaces every palochka look-alike in the selections (or the whole
// file) in one undoable edit. Local: the core helpers, no network.
import * as vscode from 'vscode';
import { findPalochkaLookalikes, type PalochkaTarget } from '@circassian/core/palochka';
import { applyPlannedEdits, isWritable } from '../editor/apply-edits';
import { fixedLookAlikesMessage } from '../logic/palochka-messages';
import type { PlannedEdit } from '../logic/translation-plan';
import type { CommandOutcome } from '../services';

export interface FixPalochkaOptions {
  /** The document (default: the active editor's). */
  readonly uri?: string;
  /** Ignore the selections and fix the whole file. */
  readonly wholeFile?: boolean;
  /** Fix only the look-alikes inside these offsets `[start, end]` (the palochka hover's one-occurrence fix). */
  readonly range?: readonly [number, number];
}

export async function fixPalochka(
  letterFor: (document: vscode.TextDocument) => PalochkaTarget,
  options: FixPalochkaOptions = {},
): Promise<CommandOutcome<{ fixed: number }>> {
  const editor = vscode.window.activeTextEditor;
  const document = options.uri ? await vscode.workspace.openTextDocument(vscode.Uri.parse(options.uri)) : editor?.document;
  if (!document) return { status: 'nothing', message: vscode.l10n.t('Open a file with text first.') };
  if (!isWritable(document)) return { status: 'nothing', message: vscode.l10n.t('This editor is read-only.') };
  const selections = !options.wholeFile && editor?.document === document ? editor.selections.filter((selection) => !selection.isEmpty) : [];
  const ranges = options.range
    ? [{ start: options.range[0], end: options.range[1] }]
    : selections.length > 0
      ? selections.map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) }))
      : [{ start: 0, end: document.getText().length }];
  const text = document.getText();
  // The letter the diagnostics call correct in this document (circassian.palochka.letter, or its dialect).
  const target = letterFor(document);
  const edits: PlannedEdit[] = [];
  for (const range of ranges) {
    // Whole words are read around a partial selection, so the rules see each word entire.
    for (const found of findPalochkaLookalikes(text, { target })) {
      if (found.start >= range.start && found.end <= range.end)
        edits.push({ start: found.start, end: found.end, newText: found.replacement });
    }
  }
  if (edits.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No palochka look-alikes found.'));
    return { status: 'ok', fixed: 0 };
  }
  await applyPlannedEdits(document, edits);
  const fixed = fixedLookAlikesMessage(edits.length);
  void vscode.window.setStatusBarMessage(vscode.l10n.t(fixed.template, ...fixed.args), 4_000);
  return { status: 'ok', fixed: edits.length };
}
