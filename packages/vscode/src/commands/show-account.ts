// circassian.showAccount: the key's name, prefix and limits from `me()` (costs no quota).
import * as vscode from 'vscode';
import type { KeyDetails } from '@circassian/core';
import { reportError } from '../editor/report-error';
import type { CommandOutcome, Services } from '../services';

export async function showAccount(services: Services): Promise<CommandOutcome<{ account: KeyDetails }>> {
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
    services.output.info(message);
    void vscode.window.showInformationMessage(message);
    return { status: 'ok', account };
  } catch (error) {
    return reportError(services, error, () => showAccount(services));
  }
}
