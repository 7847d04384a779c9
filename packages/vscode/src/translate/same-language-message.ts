// Languages in the translate commands' messages: a language by its title from the service's list, and
// what they say when the source is the target language (nothing is sent then).
import * as vscode from 'vscode';
import type { Services } from '../services';

/** The language's title from the service's list, or its code. */
export async function languageTitle(services: Services, code: string): Promise<string> {
  const languages = await services.listings.translationLanguages().catch(() => []);
  return languages.find((item) => item.id === code)?.title ?? code;
}

/** `detected`: the service's detector named the language (else the user or the settings did). */
export async function sameLanguageMessage(services: Services, language: string, detected: boolean): Promise<string> {
  const title = await languageTitle(services, language);
  return detected
    ? vscode.l10n.t(
        'This text looks like {0} ({1}) already, the language you translate into, so nothing was sent. If it is in another language, name it with Translate From…',
        title,
        language,
      )
    : vscode.l10n.t('The source and target language are both {0} ({1}), so nothing was sent.', title, language);
}
