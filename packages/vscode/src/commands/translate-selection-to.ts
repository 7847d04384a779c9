// circassian.translateSelectionTo: like translateSelection, into a language picked from the
// service's list; `{ target }` skips the prompt.
import * as vscode from 'vscode';
import { reportError } from '../editor/report-error';
import type { CommandOutcome, Services } from '../services';
import { pickTranslationLanguage } from './pick-language';
import { translateSelection, type TranslateSelectionOptions } from './translate-selection';

export async function translateSelectionTo(services: Services, options: TranslateSelectionOptions = {}): Promise<CommandOutcome> {
  let target = options.target;
  if (!target) {
    try {
      target = await pickTranslationLanguage(services, { title: vscode.l10n.t('Translate Selection To…') });
    } catch (error) {
      return reportError(services, error, () => translateSelectionTo(services, options));
    }
    if (!target) return { status: 'cancelled' };
  }
  return translateSelection(services, { ...options, target });
}
