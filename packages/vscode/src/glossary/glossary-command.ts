// What the glossary commands share: in Restricted Mode nothing of the glossary is read or changed
// (said, with VS Code's Manage Workspace Trust), and a workspace with no local folder has no place for it.
import * as vscode from 'vscode';
import type { GlossaryEntry } from '@circassian/core';
import { MANAGE_TRUST_COMMAND } from '../command-ids';
import type { NotDone } from '../command-outcome';
import type { WorkspaceGlossary } from './workspace-glossary';

/** The entries of the workspace glossary for a command, or what to return when it may not be used (said to the user). */
export async function glossaryForCommand(glossary: WorkspaceGlossary): Promise<GlossaryEntry[] | NotDone> {
  if (!vscode.workspace.isTrusted) {
    const message = vscode.l10n.t(
      'Restricted Mode: the glossary is neither read nor changed until you trust this folder (a repository’s own glossary would decide what your translations say).',
    );
    const manage = vscode.l10n.t('Manage Workspace Trust');
    void vscode.window
      .showWarningMessage(message, manage)
      .then((picked) => (picked === manage ? vscode.commands.executeCommand(MANAGE_TRUST_COMMAND) : undefined));
    return { status: 'nothing', reason: 'restricted_mode', message };
  }
  if (glossary.path() === undefined) {
    const message = vscode.l10n.t('The glossary is kept in the workspace folder: open a local folder first.');
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', reason: 'no_folder', message };
  }
  try {
    return await glossary.entries();
  } catch (error) {
    const message = vscode.l10n.t(
      'The glossary {0} cannot be read ({1}); it is left as it is.',
      vscode.workspace.asRelativePath(glossary.path() ?? ''),
      error instanceof Error ? error.message : String(error),
    );
    void vscode.window.showErrorMessage(message);
    return { status: 'error', errorType: 'glossary_unreadable', message };
  }
}

/** Adds entries to the glossary file (an entry of the same term replaced) and says what changed. */
export async function addToGlossary(
  glossary: WorkspaceGlossary,
  existing: readonly GlossaryEntry[],
  incoming: readonly GlossaryEntry[],
): Promise<{ added: number; replaced: number; uri: vscode.Uri }> {
  const { mergeGlossaries } = await import('@circassian/core');
  const merged = mergeGlossaries(existing, incoming);
  const uri = await glossary.write(merged.entries);
  return { added: merged.added, replaced: merged.replaced, uri };
}
