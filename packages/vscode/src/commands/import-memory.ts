// circassian.importMemory: units of a TMX file (Strapi's, WordPress's, the CLI's, a CAT tool's) into
// the workspace's memory. `{ uri }` skips the file dialog. The whole file is read before anything
// is stored, so a file that is not TMX imports nothing and the memory stays as it was; a human
// unit of the memory is never replaced by a machine one of the file.
import * as vscode from 'vscode';
import type { MemoryUnitInput } from '@circassian/core';
import { callerUri } from '../editor/caller-uri';
import { memoryForCommand } from '../memory/workspace-memory';
import type { CommandOutcome, Services } from '../services';
import { refuse } from '../editor/refuse';

export interface ImportMemoryOptions {
  readonly uri?: unknown;
}

const TMX_FILTER = { TMX: ['tmx'] };

export async function importMemory(
  services: Services,
  options: ImportMemoryOptions = {},
): Promise<CommandOutcome<{ imported: number; keptHuman: number; skipped: number }>> {
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const uri =
    callerUri(options.uri) ??
    (
      await vscode.window.showOpenDialog({ canSelectMany: false, filters: TMX_FILTER, title: vscode.l10n.t('Import Translation Memory') })
    )?.[0];
  if (!uri) return { status: 'cancelled' };
  const { readTmx } = await import('@circassian/core');
  const units: MemoryUnitInput[] = [];
  let skipped = 0;
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    for await (const item of readTmx([bytes])) {
      // A unit naming no one is signed by who imports it: they teach the memory what the file holds.
      if (item.kind === 'unit') units.push(item.unit.creator ? item.unit : { ...item.unit, creator: await services.author.name() });
      else skipped++;
    }
  } catch (error) {
    const message = vscode.l10n.t(
      '{0} is not a TMX file the memory can read ({1}); nothing was imported.',
      vscode.workspace.asRelativePath(uri),
      error instanceof Error ? error.message : String(error),
    );
    return refuse('invalid_file', message);
  }
  const { stored, keptHuman } = await memory.store(units);
  const message = vscode.l10n.t(
    '{0}: {1} translation units imported into the memory ({2} unchanged or kept as a human translation, {3} left out).',
    vscode.workspace.asRelativePath(uri),
    stored,
    units.length - stored,
    skipped,
  );
  void vscode.window.showInformationMessage(message);
  return { status: 'ok', imported: stored, keptHuman, skipped };
}
