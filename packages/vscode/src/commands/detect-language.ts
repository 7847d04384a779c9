// circassian.detectLanguage: names the language of the selection (or the current line).
import * as vscode from 'vscode';
import { reportError } from '../editor/report-error';
import { selectedWords } from '../editor/source-text';
import type { CommandOutcome, Services } from '../services';
import { activeEditor, isEditor } from './active-editor';

export async function detectLanguage(services: Services): Promise<CommandOutcome<{ language: string; title: string }>> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const text = selectedWords(editor);
  if (!text.trim()) return { status: 'nothing', message: vscode.l10n.t('Select some text first.') };
  try {
    const client = await services.clients.get();
    const { language } = await client.detect({ text: text.slice(0, 20_000) });
    const languages = await services.listings.translationLanguages().catch(() => []);
    const title = languages.find((item) => item.id === language)?.title ?? language;
    void vscode.window.showInformationMessage(vscode.l10n.t('Detected language: {0} ({1})', title, language));
    return { status: 'ok', language, title };
  } catch (error) {
    return reportError(services, error, () => detectLanguage(services));
  }
}
