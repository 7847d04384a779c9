// circassian.applyTranslation: writes translations shown beside (all, or one from a hover link).
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';

export async function applyTranslation(services: Services, options: { uri?: string; index?: number } = {}): Promise<CommandOutcome> {
  const document = options.uri ? vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === options.uri) : vscode.window.activeTextEditor?.document;
  if (!document) return { status: 'nothing' };
  const applied = await services.beside.apply(document, options.index);
  return applied ? { status: 'ok' } : { status: 'nothing', message: vscode.l10n.t('No translation to apply (the text changed since).') };
}
