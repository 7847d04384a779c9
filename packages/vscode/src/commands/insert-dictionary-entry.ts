// circassian.insertDictionaryEntry: looks up the selected word (or the word under the cursor) and
// inserts its entry below the line: Markdown, or a comment in the language spoken where it goes
// (escaped for it, see entry-comment.ts; where no comment is safe it is shown beside instead). A
// word the dictionary does not know is a notification, never document text.
import * as vscode from 'vscode';
import { applyPlannedEdits, isWritable } from '../editor/apply-edits';
import { ChangeTracker } from '../editor/change-tracker';
import { reportError } from '../editor/report-error';
import { hasCommentSyntax } from '../logic/comment-syntax';
import { renderDictionaryEntry } from '../logic/dictionary-render';
import { entryComment } from '../logic/entry-comment';
import type { CommandOutcome, Services } from '../services';
import { activeEditor, isEditor } from './active-editor';

export interface DictionaryOptions {
  readonly dialect?: 'kbd' | 'ady';
  readonly lang?: 'ru' | 'en' | 'tr';
}

/** A word: letters, marks, the palochka and the characters typed for it inside a word. */
const WORD = /[\p{L}\p{M}\u04C0\u04CF]+(?:[1|][\p{L}\p{M}\u04C0\u04CF]+)*[1|]?/u;
const LAST_CHOICE = 'circassian.dictionary.lastChoice';

async function pickDialectAndLanguage(services: Services): Promise<Required<DictionaryOptions> | undefined> {
  const last = services.context.globalState.get<string>(LAST_CHOICE, 'kbd:ru');
  const items = (['kbd', 'ady'] as const).flatMap((dialect) =>
    (['ru', 'en', 'tr'] as const).map((lang) => ({ label: `${dialect} → ${lang}`, id: `${dialect}:${lang}`, dialect, lang })),
  );
  items.sort((a, b) => Number(b.id === last) - Number(a.id === last));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Dictionary: dialect and gloss language') });
  if (!picked) return undefined;
  await services.context.globalState.update(LAST_CHOICE, picked.id);
  return { dialect: picked.dialect, lang: picked.lang };
}

export async function insertDictionaryEntry(
  services: Services,
  options?: DictionaryOptions,
): Promise<CommandOutcome<{ word: string; inserted: string }>> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const { document, selection } = editor;
  const range = selection.isEmpty ? document.getWordRangeAtPosition(selection.active, WORD) : selection;
  const word = range ? document.getText(range).trim() : '';
  if (!word || !range) return { status: 'nothing', message: vscode.l10n.t('Put the cursor on a word or select one.') };
  const choice = options ? { dialect: options.dialect ?? 'kbd', lang: options.lang ?? 'ru' } : await pickDialectAndLanguage(services);
  if (!choice) return { status: 'cancelled' };

  const line = document.lineAt(range.end.line);
  const tracker = new ChangeTracker(document, [{ start: document.offsetAt(line.range.end), end: document.offsetAt(line.range.end) }]);
  try {
    const client = await services.clients.get();
    const entry = await client.dictionary({ word, dialect: choice.dialect, lang: choice.lang });
    const rendered = renderDictionaryEntry(word, entry, choice.dialect, choice.lang);
    if (rendered.empty) {
      // A missing entry is news for the user, not text for their document.
      const message = vscode.l10n.t('The {1} dictionary has no entry for “{0}” (glosses in {2}).', word, choice.dialect, choice.lang);
      void vscode.window.showInformationMessage(message);
      return { status: 'nothing', message };
    }
    const indent = /^[ \t]*/.exec(line.text)?.[0] ?? '';
    const asMarkdown =
      services.config.current.dictionaryFormat === 'markdown' &&
      (document.languageId === 'markdown' || !hasCommentSyntax(document.languageId));
    const at = tracker.current()[0];
    const showBeside = async (): Promise<void> => {
      const shown = await vscode.workspace.openTextDocument({ content: rendered.markdown, language: 'markdown' });
      await vscode.window.showTextDocument(shown, vscode.ViewColumn.Beside, true);
    };
    if (!at || !isWritable(document)) {
      await showBeside();
      return { status: 'ok', word, inserted: '' };
    }
    // The comment is escaped for what the document is at the insertion point, as it is now.
    const comment = asMarkdown ? undefined : entryComment(document.getText(), at.start, document.languageId, rendered.lines, indent);
    if (comment && !comment.ok) {
      // Paid for, so not lost: shown beside, and nothing written where it could become code or text.
      await showBeside();
      const message = vscode.l10n.t(
        'The line of “{0}” ends inside {1}, where no comment can hold the entry safely; it is shown beside instead.',
        word,
        comment.reason === 'tag'
          ? vscode.l10n.t('a JSX tag')
          : comment.reason === 'data'
            ? vscode.l10n.t('a data script')
            : vscode.l10n.t('a string'),
      );
      void vscode.window.showWarningMessage(message);
      return { status: 'nothing', reason: 'no_safe_comment', message };
    }
    const body = comment ? comment.text : rendered.markdown;
    const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    const text = body.replace(/\n/g, eol);
    const separator = asMarkdown ? `${eol}${eol}` : eol;
    const inserted = `${separator}${text}${asMarkdown ? eol : ''}`;
    await applyPlannedEdits(document, [{ start: at.start, end: at.end, newText: inserted }]);
    return { status: 'ok', word, inserted };
  } catch (error) {
    return reportError(services, error, () => insertDictionaryEntry(services, choice));
  } finally {
    tracker.dispose();
  }
}
