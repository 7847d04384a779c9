// The heart of both translate commands: every selection (or the line of an empty one) goes to
// the service in ONE translateBatch call; the answers are written back in ONE undoable edit, to
// where the source text is now (edits made meanwhile are kept), or shown beside with Apply.
import * as vscode from 'vscode';
import type { BatchTranslateRequest } from '@circassian/core';
import { applyPlannedEdits, isWritable } from '../editor/apply-edits';
import { ChangeTracker } from '../editor/change-tracker';
import { reportError } from '../editor/report-error';
import type { TranslationOutput } from '../logic/output-mode';
import { planOutputEdits, planSegments, type Segment } from '../logic/translation-plan';
import type { CommandOutcome, Services } from '../services';

type Language = BatchTranslateRequest['target_lang'];

export interface TranslateRequestOptions {
  readonly target: string;
  readonly source?: string | undefined;
  readonly output?: TranslationOutput | undefined;
}

export type TranslateOutcome = CommandOutcome<{
  readonly output: TranslationOutput;
  readonly translations: readonly string[];
  readonly sourceLanguage: string;
  readonly targetLanguage: string;
  /** Segments not written because the user edited their text while the request was in flight. */
  readonly skipped: number;
}>;

export async function translateSelections(services: Services, editor: vscode.TextEditor, options: TranslateRequestOptions): Promise<TranslateOutcome> {
  const { document } = editor;
  const text = document.getText();
  const segments = planSegments(
    text,
    editor.selections.map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) })),
  );
  if (segments.length === 0) return { status: 'nothing', message: vscode.l10n.t('Nothing to translate: select text or put the cursor on a line with text.') };
  const source = options.source || services.config.current.sourceLanguage || undefined;
  let output = options.output ?? services.config.current.translationOutput;
  if (output !== 'beside' && !isWritable(document)) output = 'beside';

  const tracker = new ChangeTracker(document, segments);
  try {
    const client = await services.clients.get();
    const answer = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Translating to {0}…', options.target) },
      () =>
        client.translateBatch({
          texts: segments.map((segment) => segment.text),
          // Codes come from the service's own (growing) list or the settings; the service validates them.
          target_lang: options.target as Language,
          ...(source ? { source_lang: source as Language } : {}),
        }),
    );
    const current = tracker.current();
    const kept: Segment[] = [];
    const keptTranslations: string[] = [];
    const latest = document.getText();
    segments.forEach((segment, index) => {
      const range = current[index];
      if (!range || latest.slice(range.start, range.end) !== segment.text) return;
      kept.push({ ...range, text: segment.text });
      keptTranslations.push(answer.translations[index] ?? '');
    });
    const skipped = segments.length - kept.length;
    const base = { output, translations: answer.translations, sourceLanguage: answer.source_lang, targetLanguage: answer.target_lang, skipped };
    if (output === 'beside') {
      services.beside.show(document, kept, keptTranslations);
    } else {
      const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
      const applied = await applyPlannedEdits(document, planOutputEdits(latest, kept, keptTranslations, output, eol));
      if (!applied) {
        services.beside.show(document, kept, keptTranslations);
        return { status: 'ok', ...base, output: 'beside' };
      }
    }
    if (skipped > 0) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} of {1} translations were not applied: their text was edited while translating.', skipped, segments.length));
    }
    return { status: 'ok', ...base };
  } catch (error) {
    return reportError(services, error, () => translateSelections(services, editor, options));
  } finally {
    tracker.dispose();
  }
}
