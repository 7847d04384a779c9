// The text a command works on: the selections' text, or the current line when nothing is selected.
import type * as vscode from 'vscode';
import { planSegments } from '../logic/translation-plan';

export function selectedText(editor: vscode.TextEditor): string {
  const { document } = editor;
  const segments = planSegments(
    document.getText(),
    editor.selections.map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) })),
  );
  return segments.map((segment) => segment.text).join('\n');
}
