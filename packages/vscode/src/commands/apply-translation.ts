// The hover links of translations shown beside: circassian.applyTranslation writes them (all, or
// one), circassian.copyTranslation copies one, circassian.dismissTranslation drops one (or all).
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';

export interface BesideItemOptions {
  readonly uri?: string;
  /** The item's id from the hover link; absent: every translation of the document. */
  readonly index?: number;
}

function documentOf(options: BesideItemOptions): vscode.TextDocument | undefined {
  return options.uri
    ? vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === options.uri)
    : vscode.window.activeTextEditor?.document;
}

export async function applyTranslation(services: Services, options: BesideItemOptions = {}): Promise<CommandOutcome> {
  const document = documentOf(options);
  if (!document) return { status: 'nothing' };
  const applied = await services.beside.apply(document, options.index);
  return applied ? { status: 'ok' } : { status: 'nothing', message: vscode.l10n.t('No translation to apply (the text changed since).') };
}

export async function copyTranslation(services: Services, options: BesideItemOptions = {}): Promise<CommandOutcome<{ text: string }>> {
  const document = documentOf(options);
  const text = document && options.index !== undefined ? services.beside.translationOf(document, options.index) : undefined;
  if (text === undefined) return { status: 'nothing' };
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Translation copied'), 3_000);
  return { status: 'ok', text };
}

export function dismissTranslation(services: Services, options: BesideItemOptions = {}): Promise<CommandOutcome> {
  const document = documentOf(options);
  const dismissed = document ? services.beside.dismiss(document, options.index) : false;
  return Promise.resolve(dismissed ? { status: 'ok' } : { status: 'nothing' });
}
