// circassian.insertDictionaryEntry: looks up the selected word (or the word under the cursor) in the
// dictionary chosen last (asked the first time; circassian.chooseDictionary changes it), or, when the
// dictionary does not list it, the form without its ending (word-stems.ts: тхылъхэр, тхылъ), and
// inserts its entry below the line: Markdown, or a comment in the language spoken where it goes
// (escaped for it, see entry-comment.ts; where no comment is safe it is shown beside instead). A
// word the dictionary does not know is a notification, never document text.
import * as vscode from 'vscode';
import { applyPlannedEdits, isWritable } from '../editor/apply-edits';
import { ChangeTracker } from '../editor/change-tracker';
import { reportError } from '../editor/report-error';
import type { CircassianClient } from '@circassian/core';
import { hasCommentSyntax } from '../logic/comment-syntax';
import { renderDictionaryEntry } from '../logic/dictionary-render';
import { entryComment } from '../logic/entry-comment';
import { stemsOf } from '../logic/word-stems';
import type { CommandOutcome, Services } from '../services';
import { activeEditor, isEditor } from './active-editor';

export interface DictionaryOptions {
  readonly dialect?: 'kbd' | 'ady';
  readonly lang?: 'ru' | 'en' | 'tr';
}

/** A word: letters, marks, the palochka and the characters typed for it inside a word. */
const WORD = /[\p{L}\p{M}\u04C0\u04CF]+(?:[1|][\p{L}\p{M}\u04C0\u04CF]+)*[1|]?/u;
const LAST_CHOICE = 'circassian.dictionary.lastChoice';

type Choice = Required<DictionaryOptions>;

/** The dialect and gloss language last chosen, if any. */
function lastChoice(services: Services): Choice | undefined {
  const [dialect, lang] = services.context.globalState.get<string>(LAST_CHOICE, '').split(':');
  return (dialect === 'kbd' || dialect === 'ady') && (lang === 'ru' || lang === 'en' || lang === 'tr') ? { dialect, lang } : undefined;
}

/** Asks the dialect and gloss language (the last choice first) and remembers the answer for the next entries. */
export async function chooseDictionary(services: Services): Promise<Choice | undefined> {
  const last = lastChoice(services);
  const items = (['kbd', 'ady'] as const).flatMap((dialect) =>
    (['ru', 'en', 'tr'] as const).map((lang) => ({ label: `${dialect} → ${lang}`, id: `${dialect}:${lang}`, dialect, lang })),
  );
  items.sort((a, b) => Number(b.id === `${last?.dialect}:${last?.lang}`) - Number(a.id === `${last?.dialect}:${last?.lang}`));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Dictionary: dialect and gloss language') });
  if (!picked) return undefined;
  await services.context.globalState.update(LAST_CHOICE, picked.id);
  return { dialect: picked.dialect, lang: picked.lang };
}

/** circassian.chooseDictionary: the dictionary the next entries come from; `{ dialect, lang }` from code sets it without asking. */
export async function chooseDictionaryCommand(services: Services, options?: DictionaryOptions): Promise<CommandOutcome<Choice>> {
  const choice = options ? { dialect: options.dialect ?? 'kbd', lang: options.lang ?? 'ru' } : await chooseDictionary(services);
  if (!choice) return { status: 'cancelled' };
  await services.context.globalState.update(LAST_CHOICE, `${choice.dialect}:${choice.lang}`);
  return { status: 'ok', ...choice };
}

/** The dictionary an entry comes from: a caller's, else the one chosen last (asked only the first time). */
async function dictionaryFor(services: Services, options: DictionaryOptions | undefined): Promise<Choice | undefined> {
  if (options) return { dialect: options.dialect ?? 'kbd', lang: options.lang ?? 'ru' };
  return lastChoice(services) ?? (await chooseDictionary(services));
}

/**
 * The entry of `word`, or of the first shorter form the dictionary lists (an inflected word:
 * тхылъхэр gives the entry of тхылъ); `found` is the form whose entry it is.
 */
async function lookUp(client: CircassianClient, word: string, choice: Choice): Promise<{ found: string; entry: unknown }> {
  const entry = await client.dictionary({ word, dialect: choice.dialect, lang: choice.lang });
  if (!renderDictionaryEntry(word, entry, choice.dialect, choice.lang).empty) return { found: word, entry };
  for (const { stem } of stemsOf(word, choice.dialect)) {
    const shorter = await client.dictionary({ word: stem, dialect: choice.dialect, lang: choice.lang });
    if (!renderDictionaryEntry(stem, shorter, choice.dialect, choice.lang).empty) return { found: stem, entry: shorter };
  }
  return { found: word, entry };
}

export async function insertDictionaryEntry(
  services: Services,
  options?: DictionaryOptions,
): Promise<CommandOutcome<{ word: string; found: string; inserted: string }>> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const { document, selection } = editor;
  const range = selection.isEmpty ? document.getWordRangeAtPosition(selection.active, WORD) : selection;
  const word = range ? document.getText(range).trim() : '';
  if (!word || !range) return { status: 'nothing', message: vscode.l10n.t('Put the cursor on a word or select one.') };
  const choice = await dictionaryFor(services, options);
  if (!choice) return { status: 'cancelled' };

  const line = document.lineAt(range.end.line);
  const tracker = new ChangeTracker(document, [{ start: document.offsetAt(line.range.end), end: document.offsetAt(line.range.end) }]);
  try {
    const client = await services.clients.get();
    const { found, entry } = await lookUp(client, word, choice);
    const rendered = renderDictionaryEntry(found, entry, choice.dialect, choice.lang);
    if (rendered.empty) {
      // A missing entry is news for the user, not text for their document; another dictionary is one click away.
      const tried = stemsOf(word, choice.dialect).map(({ stem }) => `“${stem}”`);
      const message =
        tried.length > 0
          ? vscode.l10n.t(
              'The {1} dictionary has no entry for “{0}” (glosses in {2}), nor for {3}.',
              word,
              choice.dialect,
              choice.lang,
              tried.join(', '),
            )
          : vscode.l10n.t('The {1} dictionary has no entry for “{0}” (glosses in {2}).', word, choice.dialect, choice.lang);
      const other = vscode.l10n.t('Other Dictionary…');
      void vscode.window.showInformationMessage(message, other).then(async (picked) => {
        if (picked === other && (await chooseDictionary(services))) await insertDictionaryEntry(services);
      });
      return { status: 'nothing', message };
    }
    if (found !== word) {
      // Said where the translator looks: the entry is of another form than the word under the cursor.
      vscode.window.setStatusBarMessage(
        vscode.l10n.t('$(book) “{0}”: the entry of “{1}” (without -{2})', word, found, endingOf(word, found, choice.dialect)),
        15_000,
      );
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
      return { status: 'ok', word, found, inserted: '' };
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
    return { status: 'ok', word, found, inserted };
  } catch (error) {
    return reportError(services, error, () => insertDictionaryEntry(services, choice));
  } finally {
    tracker.dispose();
  }
}

/** The ending the stem lost, as the word spells it. */
function endingOf(word: string, stem: string, dialect: Choice['dialect']): string {
  return stemsOf(word, dialect).find((candidate) => candidate.stem === stem)?.ending ?? word.slice(stem.length);
}
