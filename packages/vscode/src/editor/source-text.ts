// The text a command works on: the selections' text, or for an empty selection the string literal
// or comment under the cursor in code (smart-selection.ts), else the current line.
import type * as vscode from 'vscode';
import { smartRangeAt } from '../logic/smart-selection';
import { planSegments, type Segment } from '../logic/translation-plan';

export function segmentsOf(editor: vscode.TextEditor): Segment[] {
  const { document } = editor;
  const text = document.getText();
  return planSegments(
    text,
    editor.selections.map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) })),
    (offset) => smartRangeAt(text, offset, document.languageId),
  );
}

export function selectedText(editor: vscode.TextEditor): string {
  return segmentsOf(editor)
    .map((segment) => segment.text)
    .join('\n');
}
