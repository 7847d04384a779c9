// circassian.showAccount: the key's name, prefix and limits from `me()` (costs no quota), and what
// this editor spent today (spending.ts).
import * as vscode from 'vscode';
import type { KeyDetails } from '@circassian/core';
import { reportError } from '../editor/report-error';
import type { CommandOutcome, Services } from '../services';
import type { SpentToday } from '../spending';

export async function showAccount(services: Services): Promise<CommandOutcome<{ account: KeyDetails; spentToday: SpentToday }>> {
  try {
    const client = await services.clients.get();
    const account = await client.me();
    const { limits } = account;
    const message = vscode.l10n.t(
      'Key “{0}” ({1}…): {2} requests per minute, {3} per day, {4} translation characters and {5} seconds of speech per day. Content logging: {6}.',
      account.name,
      account.prefix,
      limits.requests_per_minute,
      limits.requests_per_day,
      limits.translate_chars_per_day,
      limits.speech_seconds_per_day,
      account.content_logging ? vscode.l10n.t('on') : vscode.l10n.t('off'),
    );
    const spentToday = services.spending.today();
    const spent = vscode.l10n.t(
      'Spent today from this editor (UTC day {0}): {1} of {2} translation characters, {3} of {4} seconds of speech.',
      spentToday.day,
      spentToday.translationCharacters,
      limits.translate_chars_per_day,
      spentToday.speechSeconds,
      limits.speech_seconds_per_day,
    );
    services.output.info(`${message} ${spent}`);
    void vscode.window.showInformationMessage(`${message} ${spent}`);
    return { status: 'ok', account, spentToday };
  } catch (error) {
    return reportError(services, error, () => showAccount(services));
  }
}
