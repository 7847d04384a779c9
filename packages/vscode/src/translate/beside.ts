// The "beside" output: each translation is shown after its source text (a decoration); its hover
// has Apply, Copy and Dismiss. The translations were paid for, so they follow the text: edits
// elsewhere in the file move them along (their ranges are tracked), and only a translation whose
// own source text was edited is dropped. `circassian.applyTranslation` writes them in one edit.
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import { applyPlannedEdits } from '../editor/apply-edits';
import { shiftRange, type OffsetRange, type Segment } from '../logic/translation-plan';

interface Item {
  /** Stable while the item lives: hover links name it. */
  readonly id: number;
  range: OffsetRange;
  /** The source text, as it was translated. */
  readonly text: string;
  readonly translation: string;
}

interface Pending {
  readonly document: vscode.TextDocument;
  items: Item[];
}

export class BesideTranslations implements vscode.Disposable {
  readonly #pending = new Map<string, Pending>();
  #nextId = 0;
  readonly #decoration = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 1em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
  });
  readonly #subscriptions: vscode.Disposable[] = [
    vscode.workspace.onDidChangeTextDocument((event) => this.#follow(event)),
    vscode.workspace.onDidCloseTextDocument((document) => this.#pending.delete(document.uri.toString())),
    vscode.languages.registerHoverProvider({ scheme: '*' }, { provideHover: (document, position) => this.#hover(document, position) }),
    vscode.window.onDidChangeVisibleTextEditors(() => this.#decorateAll()),
  ];

  show(document: vscode.TextDocument, segments: readonly Segment[], translations: readonly string[]): void {
    const key = document.uri.toString();
    const fresh = segments.map((segment, index) => ({
      id: this.#nextId++,
      range: { start: segment.start, end: segment.end },
      text: segment.text,
      translation: translations[index] ?? '',
    }));
    // A new translation of the same text replaces the old one; the others stay.
    const kept = (this.#pending.get(key)?.items ?? []).filter(
      (item) => !fresh.some((other) => other.range.start < item.range.end && item.range.start < other.range.end),
    );
    this.#pending.set(key, { document, items: [...kept, ...fresh].sort((a, b) => a.range.start - b.range.start) });
    this.#decorateAll();
  }

  /** The translations waiting beside `document`, in document order (for callers and tests). */
  pendingFor(document: vscode.TextDocument): readonly string[] {
    return this.#pending.get(document.uri.toString())?.items.map((item) => item.translation) ?? [];
  }

  /** Whether a translation shown beside `document` covers `offset` (its hover is then the one shown there). */
  covers(document: vscode.TextDocument, offset: number): boolean {
    return (this.#pending.get(document.uri.toString())?.items ?? []).some((item) => offset >= item.range.start && offset <= item.range.end);
  }

  /** The translation of one item, for Copy. */
  translationOf(document: vscode.TextDocument, id: number): string | undefined {
    return this.#pending.get(document.uri.toString())?.items.find((item) => item.id === id)?.translation;
  }

  /** Writes the pending translations of `document` (all, or the one with `id`) over their sources. */
  async apply(document: vscode.TextDocument, id?: number): Promise<boolean> {
    const pending = this.#pending.get(document.uri.toString());
    if (!pending) return false;
    const text = document.getText();
    const chosen = pending.items.filter(
      (item) => (id === undefined || item.id === id) && text.slice(item.range.start, item.range.end) === item.text,
    );
    if (chosen.length === 0) return false;
    this.dismiss(document, id);
    return applyPlannedEdits(
      document,
      chosen.map((item) => ({ ...item.range, newText: item.translation })),
    );
  }

  /** Forgets the translations of `document` (all, or the one with `id`) without writing them. */
  dismiss(document: vscode.TextDocument, id?: number): boolean {
    const key = document.uri.toString();
    const pending = this.#pending.get(key);
    if (!pending) return false;
    const before = pending.items.length;
    pending.items = id === undefined ? [] : pending.items.filter((item) => item.id !== id);
    if (pending.items.length === 0) this.#pending.delete(key);
    this.#decorateAll();
    return pending.items.length !== before;
  }

  clear(document: vscode.TextDocument): void {
    this.dismiss(document);
  }

  #follow(event: vscode.TextDocumentChangeEvent): void {
    const pending = this.#pending.get(event.document.uri.toString());
    if (!pending || event.contentChanges.length === 0) return;
    // Changes of one event are relative to the text before it: from the highest down, each
    // leaves the coordinates below it untouched (as in ChangeTracker).
    const changes = [...event.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
    let items: Item[] = pending.items;
    for (const change of changes) {
      const moved = { start: change.rangeOffset, end: change.rangeOffset + change.rangeLength, text: change.text };
      items = items.flatMap((item) => {
        const range = shiftRange(item.range, moved);
        return range ? [{ ...item, range }] : [];
      });
    }
    pending.items = items;
    if (items.length === 0) this.#pending.delete(event.document.uri.toString());
    this.#decorateAll();
  }

  #decorateAll(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      const pending = this.#pending.get(editor.document.uri.toString());
      const options: vscode.DecorationOptions[] = (pending?.items ?? []).map((item) => ({
        range: new vscode.Range(editor.document.positionAt(item.range.end), editor.document.positionAt(item.range.end)),
        renderOptions: { after: { contentText: `→ ${item.translation}` } },
      }));
      editor.setDecorations(this.#decoration, options);
    }
  }

  #hover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const pending = this.#pending.get(document.uri.toString());
    if (!pending) return undefined;
    const offset = document.offsetAt(position);
    const item = pending.items.find((candidate) => offset >= candidate.range.start && offset <= candidate.range.end);
    if (!item) return undefined;
    const args = encodeURIComponent(JSON.stringify([{ uri: document.uri.toString(), index: item.id }]));
    const allArgs = encodeURIComponent(JSON.stringify([{ uri: document.uri.toString() }]));
    const links = [
      `[${vscode.l10n.t('Apply')}](command:circassian.applyTranslation?${args})`,
      `[${vscode.l10n.t('Copy')}](command:circassian.copyTranslation?${args})`,
      `[${vscode.l10n.t('Dismiss')}](command:circassian.dismissTranslation?${args})`,
      ...(pending.items.length > 1
        ? [`[${vscode.l10n.t('Apply all ({0})', pending.items.length)}](command:circassian.applyTranslation?${allArgs})`]
        : []),
    ];
    // The service's text goes in as plain text: in a trusted MarkdownString it could otherwise add links of its own.
    const markdown = new vscode.MarkdownString().appendText(item.translation).appendMarkdown(`\n\n${links.join(' · ')}`);
    markdown.isTrusted = {
      enabledCommands: [CommandId.applyTranslation, CommandId.copyTranslation, CommandId.dismissTranslation],
    };
    return new vscode.Hover(markdown, new vscode.Range(document.positionAt(item.range.start), document.positionAt(item.range.end)));
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#decoration.dispose();
  }
}
