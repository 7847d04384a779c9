// Corrections after Translate Selection (issue 33): the translations the extension wrote into a
// document (replace or below) are followed while the document is edited, for LEARN_WITHIN_MS; a
// save after a person corrected one teaches the memory a `human` unit of its source and the
// correction, and says so. "Teach This Correction" does the same for the translation under the
// cursor at once, whenever it was written in this session. A correction is kept only in the form
// the memory keeps the source (placeholders as marks, logic/memory-teaching.ts): one that lost a
// placeholder, or that is empty, teaches nothing. Only a trusted workspace teaches (the memory is
// off in Restricted Mode).
import * as vscode from 'vscode';
import { correctionPair, type MaskedPair } from '../logic/memory-teaching';
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

export class InsertedTranslations implements vscode.Disposable {
  readonly #byDocument = new Map<string, WrittenTranslation[]>();
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly memory: WorkspaceMemory,
    private readonly author: MemoryAuthor,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.#subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => this.#follow(event)),
      vscode.workspace.onDidCloseTextDocument((document) => this.#byDocument.delete(document.uri.toString())),
      vscode.workspace.onDidSaveTextDocument((document) => {
        void this.teach(document, (item) => Date.now() - item.writtenAt <= LEARN_WITHIN_MS).catch((error: unknown) =>
          this.output.warn(`translation memory: ${error instanceof Error ? error.message : String(error)}`),
        );
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
   * each one a person changed since, as a human unit. Resolves with what was taught (and says it).
   */
  async teach(document: vscode.TextDocument, which: (item: WrittenTranslation) => boolean): Promise<TaughtCorrection[]> {
    const items = (this.#byDocument.get(document.uri.toString()) ?? []).filter(which);
    const changed = items.flatMap((item) => {
      const raw = document.getText(new vscode.Range(document.positionAt(item.range.start), document.positionAt(item.range.end)));
      const now = (item.quote ? unescapeLiteral(raw) : raw).trim();
      // Unchanged, emptied, or undone back to the source: nothing a person corrected.
      if (now === '' || now === item.text || now === item.source) return [];
      const pair = correctionPair({ protect: item.protect }, item.source, now);
      return pair ? [{ item, now, pair }] : [];
    });
    if (changed.length === 0) return [];
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
    const taught = changed.map(({ item, now }) => ({ source: item.source, correction: now }));
    this.#say(
      document,
      taught,
      changed.map(({ pair }) => pair),
    );
    return taught;
  }

  #say(document: vscode.TextDocument, taught: readonly TaughtCorrection[], pairs: readonly MaskedPair[]): void {
    const where = vscode.workspace.asRelativePath(document.uri);
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
    this.output.info(`${where}: ${message} (${pairs.map((pair) => pair.source).join(' | ')})`);
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
