// circassian.chooseTargetLanguage (the status bar item): changes the target language setting.
import * as vscode from 'vscode';
import { reportError } from '../editor/report-error';
import type { CommandOutcome, Services } from '../services';
import { pickTranslationLanguage } from './pick-language';

export async function chooseTargetLanguage(
  services: Services,
  options: { target?: string } = {},
): Promise<CommandOutcome<{ target: string }>> {
  let target = options.target;
  if (!target) {
    try {
      target = await pickTranslationLanguage(services, { title: vscode.l10n.t('Translate into') });
    } catch (error) {
      return reportError(services, error, () => chooseTargetLanguage(services, options));
    }
    if (!target) return { status: 'cancelled' };
  }
  await services.config.update('targetLanguage', target);
  return { status: 'ok', target };
}
