// A quick pick of the translation languages the service lists (fetched once per session).
import * as vscode from 'vscode';
import type { Services } from '../services';

export async function pickTranslationLanguage(services: Services, title: string): Promise<string | undefined> {
  const languages = await services.listings.translationLanguages();
  const current = services.config.current.targetLanguage;
  const picked = await vscode.window.showQuickPick(
    languages.map((language) => ({ label: language.title, description: language.id, picked: language.id === current, id: language.id })),
    { title, placeHolder: vscode.l10n.t('Target language') },
  );
  return picked?.id;
}
