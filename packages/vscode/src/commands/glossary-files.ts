// circassian.importGlossary and circassian.exportGlossary: the workspace glossary from and to TBX
// (Weblate's, Crowdin's, OmegaT's, memoQ's, the pack's WordPress, Strapi and CLI) or the pack's CSV
// contract (`ru,kbd,type,note`). `{ uri }` skips the file dialog. A file that is neither says why
// and changes nothing; an imported term replaces the glossary's entry for the same term.
import * as vscode from 'vscode';
import type { GlossaryEntry } from '@circassian/core';
import { callerUri } from '../editor/caller-uri';
import { refuse } from '../editor/refuse';
import { writeWhole } from '../editor/write-whole';
import { addToGlossary, glossaryForCommand } from '../glossary/glossary-command';
import { glossaryFileBytes, readGlossaryFile } from '../glossary/workspace-glossary';
import type { CommandOutcome, Services } from '../services';

const FILTERS = { TBX: ['tbx'], CSV: ['csv'] };

export async function importGlossary(
  services: Services,
  options: { readonly uri?: unknown } = {},
): Promise<CommandOutcome<{ imported: number; added: number; replaced: number }>> {
  const existing = await glossaryForCommand(services.glossary);
  if (!Array.isArray(existing)) return existing;
  const uri =
    callerUri(options.uri) ??
    (await vscode.window.showOpenDialog({ canSelectMany: false, filters: FILTERS, title: vscode.l10n.t('Import Glossary') }))?.[0];
  if (!uri) return { status: 'cancelled' };
  let incoming: GlossaryEntry[];
  try {
    incoming = await readGlossaryFile(uri);
  } catch (error) {
    return refuse(
      'invalid_file',
      vscode.l10n.t(
        '{0} is not a glossary file that can be read ({1}); nothing was imported.',
        vscode.workspace.asRelativePath(uri),
        error instanceof Error ? error.message : String(error),
      ),
    );
  }
  const { added, replaced } = await addToGlossary(services.glossary, existing, incoming);
  void vscode.window.showInformationMessage(
    incoming.length === 1
      ? vscode.l10n.t(
          '{0}: 1 term imported into the glossary ({1} new, {2} replaced).',
          vscode.workspace.asRelativePath(uri),
          added,
          replaced,
        )
      : vscode.l10n.t(
          '{0}: {1} terms imported into the glossary ({2} new, {3} replaced).',
          vscode.workspace.asRelativePath(uri),
          incoming.length,
          added,
          replaced,
        ),
  );
  return { status: 'ok', imported: incoming.length, added, replaced };
}

export async function exportGlossary(
  services: Services,
  options: { readonly uri?: unknown } = {},
): Promise<CommandOutcome<{ uri: vscode.Uri; terms: number }>> {
  const entries = await glossaryForCommand(services.glossary);
  if (!Array.isArray(entries)) return entries;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    callerUri(options.uri) ??
    (await vscode.window.showSaveDialog({
      filters: FILTERS,
      title: vscode.l10n.t('Export Glossary'),
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'glossary.tbx') } : {}),
    }));
  if (!uri) return { status: 'cancelled' };
  try {
    await writeWhole(uri, await glossaryFileBytes(uri.path, entries));
  } catch (error) {
    return refuse('export_failed', error instanceof Error ? error.message : String(error));
  }
  const where = vscode.workspace.asRelativePath(uri);
  void vscode.window.showInformationMessage(
    entries.length === 1
      ? vscode.l10n.t('1 term exported to {0}.', where)
      : vscode.l10n.t('{0} terms exported to {1}.', entries.length, where),
  );
  return { status: 'ok', uri, terms: entries.length };
}
