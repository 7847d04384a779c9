// circassian.clearMemory: removes the memory's units of the language pairs picked (a quick pick of
// the pairs with their unit counts, then a confirmation naming them), or of `{ pair: 'en:kbd' }` from code.
import * as vscode from 'vscode';
import type { LanguagePair } from '@circassian/core';
import { TRANSLATION_LANGUAGES, isTranslationLanguage } from '@circassian/core/facts';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { confirmRemoval } from '../editor/keep-or-remove';
import { refuse } from '../editor/refuse';

export interface ClearMemoryOptions {
  /** `source:target`, e.g. `en:kbd`. */
  readonly pair?: unknown;
}

/** `en:kbd` as a pair of two different translation languages; null for anything else. */
function languagePair(value: unknown): LanguagePair | null {
  const [source, target, ...rest] = typeof value === 'string' ? value.split(':') : [];
  if (rest.length > 0 || !isTranslationLanguage(source) || !isTranslationLanguage(target) || source === target) return null;
  return { source, target };
}

export async function clearMemory(services: Services, options: ClearMemoryOptions = {}): Promise<CommandOutcome<{ removed: number }>> {
  const asked = options.pair === undefined ? undefined : languagePair(options.pair);
  if (asked === null) {
    const message = vscode.l10n.t(
      '"{0}" is not a language pair: give it as source:target, e.g. en:kbd ({1}).',
      String(options.pair),
      TRANSLATION_LANGUAGES.join(', '),
    );
    return refuse('invalid_pair', message);
  }
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const { pairs } = await memory.stats();
  let picked: LanguagePair[];
  if (asked !== undefined) {
    picked = [asked];
  } else {
    if (pairs.length === 0) {
      const message = vscode.l10n.t('The translation memory is empty.');
      void vscode.window.showInformationMessage(message);
      return { status: 'nothing', message };
    }
    const chosen = await vscode.window.showQuickPick(
      pairs.map((pair) => ({
        label: `${pair.source} → ${pair.target}`,
        description:
          pair.units === 1
            ? vscode.l10n.t('1 unit ({0} human)', pair.byOrigin.human)
            : vscode.l10n.t('{0} units ({1} human)', pair.units, pair.byOrigin.human),
        pair,
      })),
      { canPickMany: true, title: vscode.l10n.t('Clear the translation memory of these language pairs') },
    );
    if (!chosen || chosen.length === 0) return { status: 'cancelled' };
    picked = chosen.map((item) => item.pair);
    // The memory holds the team's corrections; nothing brings them back but an earlier export, so
    // ask, with keeping them the answer Enter gives (a modal dialog's first button, Remove, was).
    const units = chosen.reduce((sum, item) => sum + item.pair.units, 0);
    const human = chosen.reduce((sum, item) => sum + item.pair.byOrigin.human, 0);
    const pairsNamed = chosen.map((item) => item.label).join(', ');
    const confirmed = await confirmRemoval({
      title: vscode.l10n.t('Remove these translation units from the memory?'),
      remove:
        units === 1
          ? vscode.l10n.t('Remove 1 translation unit of {0}', pairsNamed)
          : vscode.l10n.t('Remove {0} translation units of {1}', units, pairsNamed),
      description: human === 1 ? vscode.l10n.t('1 of them a human translation') : vscode.l10n.t('{0} of them human translations', human),
      detail: vscode.l10n.t('Only an earlier export brings them back.'),
    });
    if (!confirmed) return { status: 'cancelled' };
  }
  let removed = 0;
  for (const pair of picked) removed += await memory.clear({ source: pair.source, target: pair.target });
  const message =
    removed === 1
      ? vscode.l10n.t('1 translation unit removed from the memory.')
      : vscode.l10n.t('{0} translation units removed from the memory.', removed);
  void vscode.window.showInformationMessage(message);
  return { status: 'ok', removed };
}
