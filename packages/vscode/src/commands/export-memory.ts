// circassian.exportMemory: the workspace's memory as a TMX 1.4b file, for WordPress, Strapi, the CLI
// or a CAT tool. `{ uri }` skips the save dialog; `{ origin: 'human' }` exports corrections only.
import * as vscode from 'vscode';
import type { MemoryUnit, TranslationMemory } from '@circassian/core';
import { callerUri } from '../editor/caller-uri';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { refuse } from '../editor/refuse';
import { writeWhole } from '../editor/write-whole';

export interface ExportMemoryOptions {
  readonly uri?: unknown;
  /** `human`, `reviewed` or `machine`; anything else is refused (`invalid_origin`), nothing written. */
  readonly origin?: string;
}

export async function exportMemory(
  services: Services,
  options: ExportMemoryOptions = {},
): Promise<CommandOutcome<{ uri: vscode.Uri; units: number }>> {
  const origin = options.origin;
  if (origin !== undefined && origin !== 'human' && origin !== 'reviewed' && origin !== 'machine') {
    const message = vscode.l10n.t('"{0}" is not an origin of translation units: use "human", "reviewed" or "machine".', String(origin));
    return refuse('invalid_origin', message);
  }
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    callerUri(options.uri) ??
    (await vscode.window.showSaveDialog({
      filters: { TMX: ['tmx'] },
      title: vscode.l10n.t('Export Translation Memory'),
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'translation-memory.tmx') } : {}),
    }));
  if (!uri) return { status: 'cancelled' };
  const { writeTmx } = await import('@circassian/core');
  let units = 0;
  async function* counted(): AsyncGenerator<MemoryUnit> {
    for await (const unit of (memory as TranslationMemory).units()) {
      if (origin === undefined || unit.origin === origin) units++;
      yield unit;
    }
  }
  let text = '';
  for await (const chunk of writeTmx(counted(), {
    tool: { name: 'circassian-vscode', version: String((services.context.extension.packageJSON as { version?: unknown }).version ?? '0') },
    // A unit XML cannot carry (a control character) is left out of the file and of the count.
    onSkip: () => units--,
    ...(origin ? { origin } : {}),
  }))
    text += chunk;
  try {
    await writeWhole(uri, new TextEncoder().encode(text));
  } catch (error) {
    // A folder, a read-only place: said as the other refusals are, not as an unexplained failure.
    const message = vscode.l10n.t(
      '{0} cannot be written ({1}); nothing was exported.',
      vscode.workspace.asRelativePath(uri),
      error instanceof Error ? error.message : String(error),
    );
    return refuse('invalid_target', message);
  }
  const message =
    units === 1
      ? vscode.l10n.t('1 translation unit exported to {0}.', vscode.workspace.asRelativePath(uri))
      : vscode.l10n.t('{0} translation units exported to {1}.', units, vscode.workspace.asRelativePath(uri));
  void vscode.window.showInformationMessage(message);
  return { status: 'ok', uri, units };
}
