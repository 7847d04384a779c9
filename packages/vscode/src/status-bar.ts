// The target language in the status bar; a click changes it (circassian.chooseTargetLanguage).
import * as vscode from 'vscode';
import type { ConfigStore } from './config';
import { CommandId } from './command-ids';

export function createTargetLanguageItem(config: ConfigStore): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('circassian.targetLanguage', vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('Circassian target language');
  item.command = CommandId.chooseTargetLanguage;
  const render = (): void => {
    item.text = `$(globe) → ${config.current.targetLanguage}`;
    item.tooltip = vscode.l10n.t('Circassian: translations go into {0}. Click to change.', config.current.targetLanguage);
  };
  render();
  item.show();
  const subscription = config.onDidChange(render);
  return vscode.Disposable.from(item, subscription);
}
