// A quick pick of the translation languages the service lists (fetched once per session), the
// preferred ones (circassian.preferredLanguages) first, then the last picked; the pick becomes the
// most recent, in the extension's state (the settings are the user's, never rewritten by a pick).
import * as vscode from 'vscode';
import { firstLanguages, preferredFirst, rememberLanguage } from '../logic/preferred-languages';
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

/** The last languages picked, most recent first (the extension's global state). */
const RECENT_KEY = 'circassian.recentLanguages';

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
  const recent = services.context.globalState.get<string[]>(RECENT_KEY, []);
  const current = options.current ?? services.config.current.targetLanguage;
  const items = preferredFirst(
    languages.filter((language) => language.id !== options.exclude),
    firstLanguages(preferred, recent),
  ).map((language): LanguageItem => ({
    label: language.title,
    description: language.id === current ? vscode.l10n.t('{0} · current', language.id) : language.id,
    id: language.id,
    ...(preferred.includes(language.id)
      ? { iconPath: new vscode.ThemeIcon('star-full') }
      : recent.includes(language.id)
        ? { iconPath: new vscode.ThemeIcon('history') }
        : {}),
  }));
  const picked = await pickWithFocus(items, {
    title: options.title,
    placeHolder: options.placeHolder ?? vscode.l10n.t('Target language'),
    focused: current,
  });
  if (!picked) return undefined;
  await services.context.globalState.update(RECENT_KEY, rememberLanguage(recent, picked.id));
  return picked.id;
}
