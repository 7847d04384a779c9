// circassian.teachCorrection: "Teach This Correction" for the translation under the cursor, written
// by Translate Selection in this session and corrected since: its source and the correction go into
// the memory as a human unit at once (a save does it too, within inserted-translations.ts's window).
import * as vscode from 'vscode';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { activeEditor, isEditor } from './active-editor';

export async function teachCorrection(services: Services): Promise<CommandOutcome<{ source: string; correction: string }>> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const { document } = editor;
  const item = services.insertions.at(document, document.offsetAt(editor.selection.active));
  if (!item) {
    const message = vscode.l10n.t(
      'Put the cursor in a translation Translate Selection wrote in this window, then correct it: there is none here.',
    );
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  const [taught] = await services.insertions.teach(document, (candidate) => candidate === item);
  if (!taught) {
    const message = vscode.l10n.t(
      'Nothing to teach: this translation is as it was written, or the correction lost a placeholder or tag of its source.',
    );
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  return { status: 'ok', ...taught };
}
