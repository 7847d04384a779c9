// circassian.addGlossaryTerm: the selected words into the workspace glossary. Asks what the term
// is (keep as it is, translate as an agreed term, a forbidden word), the language pair, and the
// other side of the entry (the agreed term; for a forbidden word, what it stood for). Callers pass
// `{ type, source, target, sourceLang, targetLang, note }` to skip the questions.
import * as vscode from 'vscode';
import type { GlossaryEntry, GlossaryEntryType, TranslationLanguage } from '@circassian/core';
import { refuse } from '../editor/refuse';
import { addToGlossary, glossaryForCommand } from '../glossary/glossary-command';
import type { CommandOutcome, Services } from '../services';

export interface AddGlossaryTermOptions {
  readonly type?: string;
  readonly source?: string;
  readonly target?: string;
  readonly sourceLang?: string;
  readonly targetLang?: string;
  readonly note?: string;
}

type Asked<T> = T | undefined;

async function askType(): Promise<Asked<GlossaryEntryType>> {
  const items: (vscode.QuickPickItem & { type: GlossaryEntryType })[] = [
    {
      type: 'keep',
      label: vscode.l10n.t('Keep as it is'),
      detail: vscode.l10n.t('A name or brand: never translated, never sent as text.'),
    },
    {
      type: 'translate',
      label: vscode.l10n.t('Translate as an agreed term'),
      detail: vscode.l10n.t('Always translated as the term you give next.'),
    },
    {
      type: 'forbidden',
      label: vscode.l10n.t('Forbidden word'),
      detail: vscode.l10n.t('A word of the target language to flag wherever it is written.'),
    },
  ];
  return (
    await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Add Term to Glossary'),
      placeHolder: vscode.l10n.t('What is this term?'),
    })
  )?.type;
}

async function askPair(services: Services, entries: readonly GlossaryEntry[]): Promise<Asked<{ source: string; target: string }>> {
  const { sourceLanguage, targetLanguage } = services.config.current;
  const pairs = new Map<string, { source: string; target: string }>();
  for (const entry of entries)
    pairs.set(`${entry.sourceLang} → ${entry.targetLang}`, { source: entry.sourceLang, target: entry.targetLang });
  const settings = { source: sourceLanguage || (targetLanguage === 'ru' ? 'kbd' : 'ru'), target: targetLanguage };
  pairs.set(`${settings.source} → ${settings.target}`, settings);
  const typed = await vscode.window.showQuickPick([...pairs.keys()].reverse(), {
    title: vscode.l10n.t('Add Term to Glossary'),
    placeHolder: vscode.l10n.t('Source → target language'),
  });
  return typed === undefined ? undefined : pairs.get(typed);
}

function askText(prompt: string, value = ''): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title: vscode.l10n.t('Add Term to Glossary'), prompt, value, ignoreFocusOut: true });
}

export async function addGlossaryTerm(
  services: Services,
  options: AddGlossaryTermOptions = {},
): Promise<CommandOutcome<{ entry: GlossaryEntry; added: number; replaced: number }>> {
  const existing = await glossaryForCommand(services.glossary);
  if (!Array.isArray(existing)) return existing;
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).trim() : '';
  const type = (options.type as GlossaryEntryType | undefined) ?? (await askType());
  if (!type) return { status: 'cancelled' };
  const pair =
    options.sourceLang && options.targetLang
      ? { source: options.sourceLang, target: options.targetLang }
      : await askPair(services, existing);
  if (!pair) return { status: 'cancelled' };
  // The selection is the term looked for: the source term, or for a forbidden word the word itself.
  let source =
    options.source ?? (type === 'forbidden' ? undefined : selected || (await askText(vscode.l10n.t('The term in {0}', pair.source))));
  let target =
    options.target ??
    (type === 'keep'
      ? source
      : type === 'forbidden'
        ? selected || (await askText(vscode.l10n.t('The forbidden word in {0}', pair.target)))
        : await askText(vscode.l10n.t('The agreed term in {0} for “{1}”', pair.target, source ?? '')));
  if (type === 'forbidden' && target !== undefined && options.source === undefined)
    source = await askText(
      vscode.l10n.t('What “{0}” stood for in {1} (its agreed term is then offered as the fix; may be empty)', target, pair.source),
    );
  if (source === undefined || target === undefined) return { status: 'cancelled' };
  source = source.trim();
  target = target.trim();
  const entry: GlossaryEntry = {
    sourceLang: pair.source as TranslationLanguage,
    targetLang: pair.target as TranslationLanguage,
    type,
    source,
    target,
    ...(options.note ? { note: options.note } : {}),
  };
  const { Glossary } = await import('@circassian/core');
  try {
    new Glossary([entry]);
  } catch (error) {
    return refuse(
      'invalid_term',
      vscode.l10n.t('This term cannot go into the glossary: {0}', error instanceof Error ? error.message : String(error)),
    );
  }
  const { added, replaced, uri } = await addToGlossary(services.glossary, existing, [entry]);
  const shown = type === 'forbidden' ? target : source;
  void vscode.window.showInformationMessage(
    replaced > 0
      ? vscode.l10n.t('“{0}” replaced in the glossary {1}.', shown, vscode.workspace.asRelativePath(uri))
      : vscode.l10n.t('“{0}” added to the glossary {1}.', shown, vscode.workspace.asRelativePath(uri)),
  );
  return { status: 'ok', entry, added, replaced };
}
