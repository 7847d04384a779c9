// The heart of the translate commands: every selection (or the line of an empty one) goes to
// the service in ONE translateBatch call; the answers are written back in ONE undoable edit, to
// where the source text is now (edits made meanwhile are kept), shown beside with Apply, or copied.
// Text already in the target language is not sent (a paid identical copy helps nobody): with no
// source given, one detect call (no translation characters) names the language first, when the
// text could be in the target language at all (same-language.ts). The source
// the translation came from is shown in the status bar.
import * as vscode from 'vscode';
import type { BatchTranslateRequest } from '@circassian/core';
import { CommandId } from '../command-ids';
import { applyPlannedEdits, isWritable } from '../editor/apply-edits';
import { ChangeTracker } from '../editor/change-tracker';
import { reportError } from '../editor/report-error';
import type { TranslationOutput } from '../logic/output-mode';
import { mayAlreadyBeIn } from '../logic/same-language';
import { asCommentText } from '../logic/comment-syntax';
import { hasWords, maskPlaceholders, unmaskPlaceholders, type Masked } from '../logic/placeholders';
import { literalTranslation } from '../logic/literal-translation';
import { protectionFor } from '../logic/text-protection';
import { planOutputEdits, rangesAfter, type OffsetRange, type PlannedEdit, type Segment } from '../logic/translation-plan';
import { segmentsOf, segmentText } from '../editor/source-text';
import type { CommandOutcome, Services } from '../services';
import { keepDetected } from '../memory/keep-detected';
import { withTypedForms } from '../memory/typed-forms';
import { logMemoryUse } from '../memory/memory-report';
import { translationCost } from '../spending';
import { sourceFromGlossary } from '../glossary/glossary-source';
import { sourceFromMemory } from './memory-source';
import { translateThroughMemory } from './memory-translation';
import { languageTitle, sameLanguageMessage } from './same-language-message';

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
  /** Characters the workspace memory answered (not sent, not paid); the status bar says it. */
  readonly fromMemory: number;
}>;

/** Warns that the text is already in the target language; "Translate From…" picks the real source. */
async function sameLanguage(services: Services, language: string, detected: boolean): Promise<TranslateOutcome> {
  const message = await sameLanguageMessage(services, language, detected);
  const from = vscode.l10n.t('Translate From…');
  void vscode.window
    .showWarningMessage(message, from)
    .then((picked) => (picked === from ? vscode.commands.executeCommand(CommandId.translateSelectionFrom) : undefined));
  return { status: 'nothing', reason: 'same_language', message };
}

export async function translateSelections(
  services: Services,
  editor: vscode.TextEditor,
  options: TranslateRequestOptions,
): Promise<TranslateOutcome> {
  const { document } = editor;
  const segments = segmentsOf(editor);
  if (segments.length === 0)
    return { status: 'nothing', message: vscode.l10n.t('Nothing to translate: select text or put the cursor on a line with text.') };
  let source = options.source || services.config.current.sourceLanguage || undefined;
  if (source === options.target) return sameLanguage(services, source, false);
  let output = options.output ?? services.config.current.translationOutput;
  if ((output === 'replace' || output === 'below') && !isWritable(document)) output = 'beside';

  const tracker = new ChangeTracker(document, segments);
  try {
    // What travels is the words: placeholders, `${…}`, tags, URLs, e-mail addresses and code spans
    // go as marks (text-protection.ts) and come back as typed; a segment with no words is not sent.
    const protect = protectionFor(document.languageId, document.uri.path, document.getText());
    const masked = segments.map((segment) => maskPlaceholders(segmentText(segment), protect));
    const sendable = segments.flatMap((_, index) => (hasWords(masked[index] as Masked) ? [index] : []));
    if (sendable.length === 0)
      return { status: 'nothing', message: vscode.l10n.t('Nothing to translate: the selection holds no words, only code or markup.') };
    const texts = sendable.map((index) => (masked[index] as Masked).text);
    const joined = texts.join('\n').slice(0, 20_000);
    // Units kept with their placeholders as typed (an imported TMX) answer too (memory/typed-forms.ts).
    const memory = await withTypedForms(
      await services.memory.get(),
      sendable.map((index) => masked[index] as Masked),
      protect,
    );
    const glossary = await services.glossary.get();
    // With the source left to detection, texts the memory knows in one language are answered from it, unpaid.
    if (!source && memory) source = await sourceFromMemory(memory, options.target, texts);
    // Else the glossary's language, when the texts hold its terms: a keep term is never sent to be detected.
    if (!source && glossary) source = sourceFromGlossary(glossary, options.target, texts);
    if (!source && mayAlreadyBeIn(joined, options.target)) {
      const { language } = await (await services.clients.get()).detect({ text: joined });
      if (language === options.target) return await sameLanguage(services, language, true);
    }
    // The memory once (core): the client, and with it the key, only for what it does not know.
    const answer = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Translating to {0}…', options.target) },
      () =>
        translateThroughMemory(services, {
          texts,
          source,
          target: options.target,
          memory,
          glossary,
          send: async (missing) => {
            const response = await (
              await services.clients.get()
            ).translateBatch({
              texts: missing,
              // Codes come from the service's own (growing) list or the settings; the service validates them.
              target_lang: options.target as Language,
              ...(source ? { source_lang: source as Language } : {}),
            });
            return { translations: response.translations, sourceLang: response.source_lang };
          },
        }),
    );
    const sourceLang = answer.sourceLang ?? source ?? '';
    if (memory && !source) await keepDetected(services, memory, sourceLang, options.target, texts, answer.translations);
    services.spending.add({ translationCharacters: answer.paid ? translationCost(answer.paid.texts, answer.paid.translations) : 0 });
    const { fromMemory } = answer;
    logMemoryUse(services, vscode.l10n.t('Translate Selection'), fromMemory, answer.paid ? translationCost(answer.paid.texts, []) : 0);
    // Each answer with its marks put back; one that lost or repeated a mark is refused (the text stays as it is).
    const translations = segments.map((segment) => segmentText(segment));
    const answers = new Map<number, string>();
    sendable.forEach((index, position) => {
      const answered = answer.translations[position] ?? '';
      const text = unmaskPlaceholders(answered, masked[index] as Masked);
      if (text === undefined) return;
      translations[index] = text;
      answers.set(index, answered);
    });
    const restored = new Set(answers.keys());
    const refused = sendable.length - restored.size;
    const current = tracker.current();
    const kept: Segment[] = [];
    const keptTranslations: string[] = [];
    const keptWritten: string[] = [];
    const latest = document.getText();
    segments.forEach((segment, index) => {
      const range = current[index];
      if (!restored.has(index) || !range || latest.slice(range.start, range.end) !== segment.text) return;
      kept.push({ ...segment, ...range });
      keptTranslations.push(translations[index] ?? '');
      keptWritten.push(writtenOver(document, segment, translations[index] ?? '', masked[index] as Masked, answers.get(index) ?? ''));
    });
    const skipped = restored.size - kept.length;
    const base = {
      output,
      translations: sendable.map((index) => translations[index] ?? ''),
      sourceLanguage: sourceLang,
      targetLanguage: options.target,
      skipped,
      refused,
      fromMemory,
    };
    void showLanguages(services, sourceLang, options.target, output, fromMemory);
    if (output === 'copy') {
      const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
      await vscode.env.clipboard.writeText(keptTranslations.join(eol));
    } else if (output === 'beside') {
      services.beside.show(document, kept, keptTranslations);
    } else {
      const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
      const written = output === 'replace' ? keptWritten : keptTranslations;
      const edits = planOutputEdits(latest, kept, written, output, eol);
      const applied = await applyPlannedEdits(document, edits);
      if (!applied) {
        services.beside.show(document, kept, keptTranslations);
        return { status: 'ok', ...base, output: 'beside' };
      }
      // Followed from now on: a person's correction of one, saved, teaches the memory (inserted-translations.ts).
      services.insertions.record(
        document,
        writtenPlaces(edits, written, eol).flatMap((range, index) => {
          const segment = kept[index];
          // A comment's translation continued over several lines is not read back as one text.
          if (!range || !segment || (segment.comment && written[index] !== keptTranslations[index])) return [];
          return [
            {
              range,
              text: keptTranslations[index] ?? '',
              source: segmentText(segment),
              ...(segment.quote && output === 'replace' ? { quote: segment.quote } : {}),
              protect,
              sourceLang,
              targetLang: options.target,
            },
          ];
        }),
      );
    }
    if (skipped > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('{0} of {1} translations were not applied: their text was edited while translating.', skipped, sendable.length),
      );
    }
    if (refused > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          '{0} of {1} translations were not applied: the translation lost a placeholder, tag or address of the text, which is left as it was.',
          refused,
          sendable.length,
        ),
      );
    }
    return { status: 'ok', ...base };
  } catch (error) {
    return reportError(services, error, () => translateSelections(services, editor, options));
  } finally {
    tracker.dispose();
  }
}

/** Which language the text was taken for, where the translator looks: the status bar (and a note for a copy). */
async function showLanguages(
  services: Services,
  source: string,
  target: string,
  output: TranslationOutput,
  fromMemory: number,
): Promise<void> {
  const [sourceTitle, targetTitle] = await Promise.all([languageTitle(services, source), languageTitle(services, target)]);
  // Short enough for the status bar beside VS Code's own items (the longer sentence was cut at 1,400 px).
  vscode.window.setStatusBarMessage(
    fromMemory > 0
      ? vscode.l10n.t('$(globe) {0} → {1} · {2} characters from the memory', sourceTitle, targetTitle, fromMemory)
      : vscode.l10n.t('$(globe) {0} → {1}', sourceTitle, targetTitle),
    15_000,
  );
  if (output === 'copy')
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Translation from {0} ({1}) into {2} copied to the clipboard.', sourceTitle, source, targetTitle),
    );
}

/**
 * A translation as it is written over its source: inside a string literal escaped for its quote
 * (literal-translation.ts),
 * inside a comment kept a comment (its line breaks continue the comment, and what would close it
 * early is broken), elsewhere as it is.
 */
export function writtenOver(document: vscode.TextDocument, segment: Segment, translation: string, masked: Masked, answer: string): string {
  if (segment.quote) return literalTranslation(answer, masked, segment.quote) ?? translation;
  if (!segment.comment) return translation;
  const line = document.lineAt(document.positionAt(segment.start).line).text;
  return asCommentText(translation, document.languageId, segment.comment, /^[ \t]*/.exec(line)?.[0] ?? '');
}

/**
 * Where each written translation is once the edits are applied: an edit per segment (replace, and
 * below with one segment per line); a line below holding several has none.
 */
function writtenPlaces(edits: readonly PlannedEdit[], written: readonly string[], eol: string): (OffsetRange | undefined)[] {
  if (edits.length !== written.length) return [];
  return rangesAfter(edits).map((range, index) => {
    const text = written[index] ?? '';
    const edit = edits[index];
    // Below: the new line's break and indentation come before the translation.
    return edit && edit.newText.endsWith(text) && (edit.newText === text || edit.newText.startsWith(eol))
      ? { start: range.end - text.length, end: range.end }
      : undefined;
  });
}
