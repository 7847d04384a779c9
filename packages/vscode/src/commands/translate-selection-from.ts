// circassian.translateSelectionFrom: the source language is picked, not detected (text the
// detector takes for another language, such as Kabardian typed without the palochka), then the
// target. `{ source, target }` skips both prompts; `{ source }` alone uses the target setting.
import * as vscode from 'vscode';
import { reportError } from '../editor/report-error';
import type { CommandOutcome, Services } from '../services';
import { pickTranslationLanguage } from './pick-language';
import { translateSelection, type TranslateSelectionOptions } from './translate-selection';

export async function translateSelectionFrom(services: Services, options: TranslateSelectionOptions = {}): Promise<CommandOutcome> {
  let { source, target } = options;
  try {
    source ??= await pickTranslationLanguage(services, {
      title: vscode.l10n.t('Translate from'),
      placeHolder: vscode.l10n.t('Language of the selected text'),
      current: services.config.current.sourceLanguage || '',
    });
    if (!source) return { status: 'cancelled' };
    // Asked only when the options came from the palette (no object): a caller's `{ source }` means "into the target setting".
    if (!target && Object.keys(options).length === 0) {
      target = await pickTranslationLanguage(services, { title: vscode.l10n.t('Translate from {0} into', source), exclude: source });
      if (!target) return { status: 'cancelled' };
    }
  } catch (error) {
    return reportError(services, error, () => translateSelectionFrom(services, options));
  }
  return translateSelection(services, { ...options, source, ...(target ? { target } : {}) });
}
