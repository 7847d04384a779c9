// Corrections after Translate Selection (issue 33): the translations the extension wrote into a
// document (replace or below) are followed while the document is edited, for LEARN_WITHIN_MS; a
// save after a person corrected one teaches the memory a `human` unit of its source and the
// correction, and says so. "Teach This Correction" does the same for the translation under the
// cursor at once, whenever it was written in this session. A correction is kept only in the form
// the memory keeps the source (placeholders as marks, logic/memory-teaching.ts): one that lost a
// placeholder, or that is empty, teaches nothing. Only a trusted workspace teaches (the memory is
// off in Restricted Mode).
//
// A save VS Code makes on its own (files.autoSave afterDelay, which VS Code for the web and so
// code-server use by default, or onFocusChange) teaches quietly: the status bar and the log say it,
// no notification, since with autosave a correction typed slowly is saved at every pause and would
// be announced half-typed ("пщэд", then "пщэдей"). The memory keeps one unit per source, so the
// final text replaces the half-typed one. A save the person asks for (Ctrl+S, Save All) or Teach
// This Correction says once, in a notification, each correction taught since it was last said.
import * as vscode from 'vscode';
import { correctionPair } from '../logic/memory-teaching';
import { unescapeLiteral } from '../logic/smart-selection';
import { followRange, type OffsetRange } from '../logic/translation-plan';
import type { MemoryAuthor } from './author';
import { teachCorrections } from './teach';
import type { WorkspaceMemory } from './workspace-memory';

/** How long a written translation is followed for corrections a save teaches (Teach This Correction has no limit). */
export const LEARN_WITHIN_MS = 30 * 60_000;

export interface WrittenTranslation {
  /** Where it is in the document now. */
  range: OffsetRange;
  /** The text it holds as last taught or written (a literal's contents as text, escapes read). */
  text: string;
  /** The text last taught quietly (by an autosave) and not yet said in a notification. */
  unsaid?: string | undefined;
  /** The source text it translates, as the person selected it (escapes read, markers left out). */
  readonly source: string;
  /** A string literal's quote: the range holds escaped text. */
  readonly quote?: string;
  /** What stays as typed in the document's texts (text-protection.ts), as when it was sent. */
  readonly protect: RegExp;
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly writtenAt: number;
}

export interface TaughtCorrection {
  readonly source: string;
  readonly correction: string;
}

/** How a save came about: one VS Code made on its own (autosave) teaches without a notification. */
export interface TeachOptions {
  readonly quiet?: boolean;
}

/** How long the status bar says what an autosave taught. */
const QUIET_MESSAGE_MS = 5_000;

export class InsertedTranslations implements vscode.Disposable {
  readonly #byDocument = new Map<string, WrittenTranslation[]>();
  /** Why each document is being saved, from onWillSaveTextDocument until its onDidSaveTextDocument. */
  readonly #saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** Teaching one at a time, so an autosave's and Ctrl+S's do not both teach (and say) the same correction. */
  #teaching: Promise<unknown> = Promise.resolve();
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly memory: WorkspaceMemory,
    private readonly author: MemoryAuthor,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.#subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => this.#follow(event)),
      vscode.workspace.onDidCloseTextDocument((document) => this.#byDocument.delete(document.uri.toString())),
      vscode.workspace.onWillSaveTextDocument((event) => this.#saveReasons.set(event.document.uri.toString(), event.reason)),
      vscode.workspace.onDidSaveTextDocument((document) => {
        const key = document.uri.toString();
        const reason = this.#saveReasons.get(key) ?? vscode.TextDocumentSaveReason.Manual;
        this.#saveReasons.delete(key);
        void this.teach(document, (item) => Date.now() - item.writtenAt <= LEARN_WITHIN_MS, {
          quiet: reason !== vscode.TextDocumentSaveReason.Manual,
        }).catch((error: unknown) => this.output.warn(`translation memory: ${error instanceof Error ? error.message : String(error)}`));
      }),
    ];
  }

  /** Follows translations just written into `document`. */
  record(document: vscode.TextDocument, written: readonly Omit<WrittenTranslation, 'writtenAt'>[]): void {
    const key = document.uri.toString();
    const fresh = written.map((item) => ({ ...item, writtenAt: Date.now() }));
    const kept = (this.#byDocument.get(key) ?? []).filter(
      (item) => !fresh.some((other) => other.range.start < item.range.end && item.range.start < other.range.end),
    );
    this.#byDocument.set(key, [...kept, ...fresh]);
  }

  /**
   * Follows a near match a person chose (the hover's Insert, Show Near Matches), as a translation
   * the extension wrote: `written` is what went into the document at `start` (a literal's text
   * escaped), `text` the match's translation as text; its pair the unit's.
   */
  recordChoice(
    document: vscode.TextDocument,
    choice: Pick<WrittenTranslation, 'text' | 'source' | 'quote' | 'protect'> & {
      readonly start: number;
      readonly written: string;
      readonly unit: { readonly sourceLang: string; readonly targetLang: string };
    },
  ): void {
    const { start, written, text, source, quote, protect, unit } = choice;
    this.record(document, [
      {
        range: { start, end: start + written.length },
        text,
        source,
        ...(quote === undefined ? {} : { quote }),
        protect,
        sourceLang: unit.sourceLang,
        targetLang: unit.targetLang,
      },
    ]);
  }

  /** The translation written at `offset` of `document` in this session, if any. */
  at(document: vscode.TextDocument, offset: number): WrittenTranslation | undefined {
    return this.#byDocument.get(document.uri.toString())?.find((item) => item.range.start <= offset && offset <= item.range.end);
  }

  /**
   * Teaches the memory the corrections of `document`'s written translations that `which` picks:
   * each one a person changed since, as a human unit. Resolves with what was taught (and says it:
   * quietly for an autosave; otherwise in a notification, with what autosaves taught unsaid).
   */
  teach(
    document: vscode.TextDocument,
    which: (item: WrittenTranslation) => boolean,
    options: TeachOptions = {},
  ): Promise<TaughtCorrection[]> {
    const next = this.#teaching.then(() => this.#teachNow(document, which, options));
    this.#teaching = next.catch(() => undefined);
    return next;
  }

  async #teachNow(
    document: vscode.TextDocument,
    which: (item: WrittenTranslation) => boolean,
    options: TeachOptions,
  ): Promise<TaughtCorrection[]> {
    const items = (this.#byDocument.get(document.uri.toString()) ?? []).filter(which);
    const changed = items.flatMap((item) => {
      const raw = document.getText(new vscode.Range(document.positionAt(item.range.start), document.positionAt(item.range.end)));
      const now = (item.quote ? unescapeLiteral(raw) : raw).trim();
      // Unchanged, emptied, or undone back to the source: nothing a person corrected.
      if (now === '' || now === item.text || now === item.source) return [];
      const pair = correctionPair({ protect: item.protect }, item.source, now);
      return pair ? [{ item, now, pair }] : [];
    });
    if (changed.length > 0) {
      const memory = await this.memory.get();
      if (!memory) return [];
      await teachCorrections(
        memory,
        changed.map(({ item, pair }) => ({
          sourceLang: item.sourceLang,
          targetLang: item.targetLang,
          source: pair.source,
          target: pair.target,
        })),
        { creator: await this.author.name(), where: vscode.workspace.asRelativePath(document.uri, false) },
      );
      for (const { item, now } of changed) item.text = now;
    }
    const where = vscode.workspace.asRelativePath(document.uri);
    if (options.quiet) {
      if (changed.length === 0) return [];
      for (const { item, now } of changed) item.unsaid = now;
      const message = vscode.l10n.t('Kept in the translation memory: {0}', changed.map(({ now }) => `“${now}”`).join(', '));
      this.output.info(`${where}: ${message} (autosave: ${changed.map(({ pair }) => pair.source).join(' | ')})`);
      vscode.window.setStatusBarMessage(`$(check) ${message}`, QUIET_MESSAGE_MS);
      return changed.map(({ item, now }) => ({ source: item.source, correction: now }));
    }
    // Said now: what this save taught, and what autosaves taught since a correction was last said.
    const said = items.filter((item) => changed.some((one) => one.item === item) || item.unsaid === item.text);
    if (said.length === 0) return [];
    for (const item of said) item.unsaid = undefined;
    const taught = said.map((item) => ({ source: item.source, correction: item.text }));
    this.#say(where, taught);
    return taught;
  }

  #say(where: string, taught: readonly TaughtCorrection[]): void {
    const first = taught[0];
    const message =
      taught.length === 1 && first
        ? vscode.l10n.t(
            'Your correction is kept in the translation memory: “{0}” is translated “{1}” from now on.',
            first.source,
            first.correction,
          )
        : vscode.l10n.t(
            '{0} corrections are kept in the translation memory: their texts are translated as you wrote them from now on.',
            taught.length,
          );
    this.output.info(`${where}: ${message} (${taught.map((one) => one.source).join(' | ')})`);
    void vscode.window.showInformationMessage(message);
  }

  #follow(event: vscode.TextDocumentChangeEvent): void {
    const items = this.#byDocument.get(event.document.uri.toString());
    if (!items || event.contentChanges.length === 0) return;
    // Changes of one event are relative to the text before it: from the highest down.
    const changes = [...event.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
    let kept = items;
    for (const change of changes) {
      const moved = { start: change.rangeOffset, end: change.rangeOffset + change.rangeLength, text: change.text };
      kept = kept.flatMap((item) => {
        const range = followRange(item.range, moved);
        return range ? [Object.assign(item, { range })] : [];
      });
    }
    if (kept.length === 0) this.#byDocument.delete(event.document.uri.toString());
    else this.#byDocument.set(event.document.uri.toString(), kept);
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
  }
}
