// The "beside" output: each translation is shown after its source text (a decoration), its hover
// carries an Apply link, and `circassian.applyTranslation` writes them all in one edit. Pending
// translations of a document are dropped when that document changes under them.
import * as vscode from 'vscode';
import { applyPlannedEdits } from '../editor/apply-edits';
import type { Segment } from '../logic/translation-plan';

interface Pending {
  readonly document: vscode.TextDocument;
  readonly version: number;
  readonly segments: readonly Segment[];
  readonly translations: readonly string[];
}

export class BesideTranslations implements vscode.Disposable {
  readonly #pending = new Map<string, Pending>();
  readonly #decoration = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 1em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
  });
  readonly #subscriptions: vscode.Disposable[] = [
    vscode.workspace.onDidChangeTextDocument((event) => {
      const pending = this.#pending.get(event.document.uri.toString());
      if (pending && event.document.version !== pending.version && event.contentChanges.length > 0) this.clear(event.document);
    }),
    vscode.languages.registerHoverProvider({ scheme: '*' }, { provideHover: (document, position) => this.#hover(document, position) }),
    vscode.window.onDidChangeVisibleTextEditors(() => this.#decorateAll()),
  ];

  show(document: vscode.TextDocument, segments: readonly Segment[], translations: readonly string[]): void {
    this.#pending.set(document.uri.toString(), { document, version: document.version, segments, translations });
    this.#decorateAll();
  }

  /** The translations waiting for Apply in `document` (for callers and tests). */
  pendingFor(document: vscode.TextDocument): readonly string[] {
    return this.#pending.get(document.uri.toString())?.translations ?? [];
  }

  /** Writes the pending translations of `document` (all, or one by index) over their sources. */
  async apply(document: vscode.TextDocument, index?: number): Promise<boolean> {
    const pending = this.#pending.get(document.uri.toString());
    if (!pending || document.version !== pending.version) return false;
    const chosen = pending.segments
      .map((segment, position) => ({ start: segment.start, end: segment.end, newText: pending.translations[position] ?? segment.text, position }))
      .filter((edit) => index === undefined || edit.position === index);
    this.clear(document);
    return applyPlannedEdits(document, chosen);
  }

  clear(document: vscode.TextDocument): void {
    this.#pending.delete(document.uri.toString());
    this.#decorateAll();
  }

  #decorateAll(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      const pending = this.#pending.get(editor.document.uri.toString());
      const options: vscode.DecorationOptions[] = (pending?.segments ?? []).map((segment, index) => ({
        range: new vscode.Range(editor.document.positionAt(segment.end), editor.document.positionAt(segment.end)),
        renderOptions: { after: { contentText: `→ ${pending?.translations[index] ?? ''}` } },
      }));
      editor.setDecorations(this.#decoration, options);
    }
  }

  #hover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const pending = this.#pending.get(document.uri.toString());
    if (!pending) return undefined;
    const offset = document.offsetAt(position);
    const index = pending.segments.findIndex((segment) => offset >= segment.start && offset <= segment.end);
    if (index === -1) return undefined;
    const args = encodeURIComponent(JSON.stringify([{ uri: document.uri.toString(), index }]));
    // The service's text goes in as plain text: in a trusted MarkdownString it could otherwise add links of its own.
    const markdown = new vscode.MarkdownString()
      .appendText(pending.translations[index] ?? '')
      .appendMarkdown(`\n\n[${vscode.l10n.t('Apply')}](command:circassian.applyTranslation?${args}) · [${vscode.l10n.t('Apply all')}](command:circassian.applyTranslation)`);
    markdown.isTrusted = { enabledCommands: ['circassian.applyTranslation'] };
    const segment = pending.segments[index] as Segment;
    return new vscode.Hover(markdown, new vscode.Range(document.positionAt(segment.start), document.positionAt(segment.end)));
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#decoration.dispose();
  }
}
