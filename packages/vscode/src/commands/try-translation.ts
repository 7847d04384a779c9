// circassian.tryTranslation: the walkthrough's "Translate a line" step. Run from the Welcome tab
// there is no active text editor (Translate Selection failed there, yet the step ticked), so it
// acts on the text editor the user was in last: its selection, or the line under the cursor, with
// the translation put below (nothing of theirs replaced). With no file open, it opens a short
// Kabardian sample and translates that. The step ticks only when a translation succeeded.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';
import { markSetupStep } from '../walkthrough';
import { translateSelection } from './translate-selection';

const SAMPLE = 'Сэ сыкӀуэнущ. Уи пщэддджыжь фӀыуэ!';

export async function tryTranslation(services: Services): Promise<CommandOutcome> {
  if (!(await services.lastTextEditor.reveal())) {
    const document = await vscode.workspace.openTextDocument({ content: `${SAMPLE}\n`, language: 'markdown' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, SAMPLE.length);
  }
  const outcome = await translateSelection(services, { output: 'below' });
  if (outcome.status === 'ok') await markTranslated();
  return outcome;
}

/** The walkthrough's Try step is done once any translation succeeded. */
export function markTranslated(): Promise<void> {
  return markSetupStep('try');
}
