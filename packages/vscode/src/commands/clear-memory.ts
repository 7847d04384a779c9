// circassian.clearMemory: removes the memory's units of the language pairs picked (a quick pick of
// the pairs with their unit counts), or of `{ pair: 'en:kbd' }` from code.
import * as vscode from 'vscode';
import type { LanguagePair } from '@circassian/core';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';

export interface ClearMemoryOptions {
  /** `source:target`, e.g. `en:kbd`. */
  readonly pair?: string;
}

export async function clearMemory(services: Services, options: ClearMemoryOptions = {}): Promise<CommandOutcome<{ removed: number }>> {
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const { pairs } = await memory.stats();
  let picked: LanguagePair[];
  if (options.pair !== undefined) {
    picked = pairs.filter((pair) => `${pair.source}:${pair.target}` === options.pair);
  } else {
    if (pairs.length === 0) {
      const message = vscode.l10n.t('The translation memory is empty.');
      void vscode.window.showInformationMessage(message);
      return { status: 'nothing', message };
    }
    const chosen = await vscode.window.showQuickPick(
      pairs.map((pair) => ({
        label: `${pair.source} → ${pair.target}`,
        description: vscode.l10n.t('{0} units ({1} human)', pair.units, pair.byOrigin.human),
        pair,
      })),
      { canPickMany: true, title: vscode.l10n.t('Clear the translation memory of these language pairs') },
    );
    if (!chosen || chosen.length === 0) return { status: 'cancelled' };
    picked = chosen.map((item) => item.pair);
  }
  let removed = 0;
  for (const pair of picked) removed += await memory.clear({ source: pair.source, target: pair.target });
  const message = vscode.l10n.t('{0} translation units removed from the memory.', removed);
  void vscode.window.showInformationMessage(message);
  return { status: 'ok', removed };
}
