// A quick pick of the translation languages the service lists (fetched once per session), the
// preferred ones (circassian.preferredLanguages) first; the pick becomes the most recent of them.
import * as vscode from 'vscode';
import { preferredFirst, rememberLanguage } from '../logic/preferred-languages';
import type { Services } from '../services';

export interface PickLanguageOptions {
  readonly title: string;
  readonly placeHolder?: string;
  /** Marked in the list (the current target, or the detected source). */
  readonly current?: string;
  /** Not offered (the other side of a translation). */
  readonly exclude?: string;
}

type LanguageItem = vscode.QuickPickItem & { readonly id: string };

/**
 * A quick pick that opens on `focused` (the current target), not on its first row: the preferred
 * languages lead the list, and Enter on the last-picked one translated into the wrong language.
 */
function pickWithFocus(
  items: readonly LanguageItem[],
  options: { title: string; placeHolder: string; focused: string },
): Promise<LanguageItem | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<LanguageItem>();
    pick.title = options.title;
    pick.placeholder = options.placeHolder;
    pick.matchOnDescription = true;
    pick.items = items;
    const focused = items.find((item) => item.id === options.focused);
    if (focused) pick.activeItems = [focused];
    let chosen: LanguageItem | undefined;
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    pick.show();
  });
}

export async function pickTranslationLanguage(services: Services, options: PickLanguageOptions): Promise<string | undefined> {
  const languages = await services.listings.translationLanguages();
  const preferred = services.config.current.preferredLanguages;
  const current = options.current ?? services.config.current.targetLanguage;
  const items = preferredFirst(
    languages.filter((language) => language.id !== options.exclude),
    preferred,
  ).map((language): LanguageItem => ({
    label: language.title,
    description: language.id === current ? vscode.l10n.t('{0} · current', language.id) : language.id,
    id: language.id,
    ...(preferred.includes(language.id) ? { iconPath: new vscode.ThemeIcon('star-full') } : {}),
  }));
  const picked = await pickWithFocus(items, {
    title: options.title,
    placeHolder: options.placeHolder ?? vscode.l10n.t('Target language'),
    focused: current,
  });
  if (!picked) return undefined;
  const remembered = rememberLanguage(preferred, picked.id);
  if (remembered.join() !== preferred.join()) await services.config.update('preferredLanguages', remembered);
  return picked.id;
}
