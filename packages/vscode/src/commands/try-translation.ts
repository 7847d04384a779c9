// circassian.tryTranslation: the walkthrough's "Translate a line" step. Run from the Welcome tab
// there is no text editor (Translate Selection failed there, yet the step ticked), so it opens a
// short Kabardian sample, selects it and translates it. The step ticks on the context key
// `circassian.translatedOnce`, set only when a translation succeeded.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';
import { translateSelection } from './translate-selection';

const SAMPLE = 'Сэ сыкӀуэнущ. Уи пщэддджыжь фӀыуэ!';

export async function tryTranslation(services: Services): Promise<CommandOutcome> {
  const document = await vscode.workspace.openTextDocument({ content: `${SAMPLE}\n`, language: 'markdown' });
  const editor = await vscode.window.showTextDocument(document);
  editor.selection = new vscode.Selection(0, 0, 0, SAMPLE.length);
  const outcome = await translateSelection(services, { output: 'below' });
  if (outcome.status === 'ok') await markTranslated();
  return outcome;
}

/** The walkthrough's Try step is done once any translation succeeded. */
export function markTranslated(): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', 'circassian.translatedOnce', true);
}
