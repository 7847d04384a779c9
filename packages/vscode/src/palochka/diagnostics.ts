// Palochka look-alikes as diagnostics (source 'circassian'), computed locally with the core
// helpers. A document is scanned once in slices (the extension host stays responsive on a 5 MB
// file); after that each edit rescans only the lines it touched (logic/palochka-lines.ts).
import * as vscode from 'vscode';
import type { PalochkaTarget } from '@circassian/core/palochka';
import { changedLineSpan, PalochkaLines } from '../logic/palochka-lines';
import { wordAround } from '../logic/palochka-word';
import { characterName, choosePalochkaLetter, codePoint, mostUsedPalochka } from '../logic/palochka-letter';
import type { ConfigStore } from '../config';

export const DIAGNOSTIC_SOURCE = 'circassian';
export const DIAGNOSTIC_CODE = 'palochka-lookalike';
const LINES_PER_SLICE = 4_000;
const PUBLISH_DELAY_MS = 150;
/**
 * Diagnostics published per document. Beyond it the editor spends its time shipping markers to
 * the workbench (a 5 MB file can hold 200k look-alikes); the rest are summed up in one more
 * diagnostic, and Fix Palochka still fixes them all.
 */
export const MAX_DIAGNOSTICS_PER_DOCUMENT = 5_000;

interface Tracked {
  /** The correct palochka in this document; the other one is a look-alike. */
  readonly letter: PalochkaTarget;
  /** Chosen by the letter the text uses most (no setting, no dialect in the name): re-checked as the text changes. */
  readonly byMajority: boolean;
  /** Replaced once when the first scan completes. */
  lines: PalochkaLines;
  /** Set while the first scan runs; edits during it restart the scan. */
  scanning: boolean;
  restart: boolean;
  timer: NodeJS.Timeout | undefined;
}

function isScanned(document: vscode.TextDocument): boolean {
  return document.uri.scheme !== 'output' && document.uri.scheme !== 'vscode-scm' && document.uri.scheme !== 'git';
}

export class PalochkaDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE);
  readonly #documents = new Map<string, Tracked>();
  readonly #subscriptions: vscode.Disposable[];
  #ready: Promise<void> = Promise.resolve();

  constructor(private readonly config: ConfigStore) {
    this.#subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.#open(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.#forget(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.#change(event)),
      config.onDidChange(() => this.refreshAll()),
    ];
    this.refreshAll();
  }

  /** Resolves when every first scan started so far has published (for tests and benchmarks). */
  whenIdle(): Promise<void> {
    return this.#ready;
  }

  refreshAll(): void {
    for (const tracked of this.#documents.values()) if (tracked.timer) clearTimeout(tracked.timer);
    this.#documents.clear();
    this.collection.clear();
    if (!this.config.current.palochkaDiagnostics) return;
    for (const document of vscode.workspace.textDocuments) this.#open(document);
  }

  /**
   * The look-alike diagnostics whose word holds `range` (the cursor, the pointer): the fixes are
   * offered anywhere in the word, not only on the look-alike itself.
   */
  inWordAt(document: vscode.TextDocument, range: vscode.Range): vscode.Diagnostic[] {
    return (this.collection.get(document.uri) ?? []).filter((diagnostic) => {
      if (diagnostic.code !== DIAGNOSTIC_CODE || diagnostic.range.start.line !== range.start.line) return false;
      const { start, end } = wordAround(
        document.lineAt(range.start.line).text,
        diagnostic.range.start.character,
        diagnostic.range.end.character,
      );
      return range.end.line === range.start.line && range.start.character <= end && range.end.character >= start;
    });
  }

  /** The correct palochka in `document`, for the fixes (the same the diagnostics use). */
  letterFor(document: vscode.TextDocument): PalochkaTarget {
    return this.#documents.get(document.uri.toString())?.letter ?? this.#chooseLetter(document).letter;
  }

  #chooseLetter(document: vscode.TextDocument): { letter: PalochkaTarget; byMajority: boolean } {
    return choosePalochkaLetter(this.config.current.palochka, document.languageId, document.uri.path, () => document.getText());
  }

  #open(document: vscode.TextDocument): void {
    if (!this.config.current.palochkaDiagnostics || !isScanned(document)) return;
    const key = document.uri.toString();
    if (this.#documents.has(key)) return;
    const { letter, byMajority } = this.#chooseLetter(document);
    const tracked: Tracked = {
      letter,
      byMajority,
      lines: new PalochkaLines({ target: letter }),
      scanning: true,
      restart: false,
      timer: undefined,
    };
    this.#documents.set(key, tracked);
    const scan = this.#firstScan(document, tracked);
    this.#ready = Promise.all([this.#ready, scan]).then(() => undefined);
  }

  async #firstScan(document: vscode.TextDocument, tracked: Tracked): Promise<void> {
    for (;;) {
      tracked.restart = false;
      const lines = new PalochkaLines({ target: tracked.letter });
      const count = document.lineCount;
      for (let from = 0; from < count && !tracked.restart; from += LINES_PER_SLICE) {
        const texts: string[] = [];
        for (let line = from; line < Math.min(count, from + LINES_PER_SLICE); line++) texts.push(document.lineAt(line).text);
        lines.appendLines(texts);
        // Let the extension host breathe between slices.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.#documents.get(document.uri.toString()) !== tracked) return;
      }
      if (tracked.restart) continue;
      tracked.lines = lines;
      tracked.scanning = false;
      this.#publish(document, tracked);
      return;
    }
  }

  #change(event: vscode.TextDocumentChangeEvent): void {
    const tracked = this.#documents.get(event.document.uri.toString());
    if (!tracked || event.contentChanges.length === 0) return;
    if (tracked.scanning) {
      tracked.restart = true;
      return;
    }
    const span = changedLineSpan(
      event.contentChanges.map((change) => ({ startLine: change.range.start.line, endLine: change.range.end.line, text: change.text })),
    );
    if (!span) return;
    const newEnd = span.oldEndLine + span.lineDelta;
    const texts: string[] = [];
    for (let line = span.startLine; line <= newEnd && line < event.document.lineCount; line++) texts.push(event.document.lineAt(line).text);
    if (
      tracked.byMajority &&
      texts.some((text) => /[\u04C0\u04CF]/.test(text)) &&
      (mostUsedPalochka(event.document.getText()) ?? tracked.letter) !== tracked.letter
    ) {
      // The text now mostly uses the other palochka: that one is the correct letter, scan again.
      this.#forget(event.document);
      this.#open(event.document);
      return;
    }
    tracked.lines.replaceLines(span.startLine, span.oldEndLine, texts);
    if (tracked.timer) clearTimeout(tracked.timer);
    tracked.timer = setTimeout(() => this.#publish(event.document, tracked), PUBLISH_DELAY_MS);
  }

  #publish(document: vscode.TextDocument, tracked: Tracked): void {
    if (tracked.timer) clearTimeout(tracked.timer);
    tracked.timer = undefined;
    const diagnostics: vscode.Diagnostic[] = [];
    // One message per distinct look-alike, not one translation lookup per finding.
    const messages = new Map<string, string>();
    for (const finding of tracked.lines.findings()) {
      const range = new vscode.Range(finding.line, finding.start, finding.line, finding.end);
      if (diagnostics.length === MAX_DIAGNOSTICS_PER_DOCUMENT) {
        const rest = tracked.lines.count - MAX_DIAGNOSTICS_PER_DOCUMENT;
        const summary = new vscode.Diagnostic(
          range,
          vscode.l10n.t('{0} more palochka look-alikes in this file: run “Fix Palochka” to fix them all.', rest),
          vscode.DiagnosticSeverity.Information,
        );
        summary.source = DIAGNOSTIC_SOURCE;
        diagnostics.push(summary);
        break;
      }
      const key = `${finding.found}${finding.replacement}`;
      let message = messages.get(key);
      if (message === undefined) {
        // Both characters named with their code points: in most editor fonts Ӏ and I look the same.
        message = vscode.l10n.t(
          '“{0}” ({1}, {2}) stands for the palochka here: write {3} ({4}, {5})',
          finding.found,
          vscode.l10n.t(characterName(finding.found)),
          codePoint(finding.found),
          finding.replacement,
          vscode.l10n.t(characterName(finding.replacement)),
          codePoint(finding.replacement),
        );
        messages.set(key, message);
      }
      const diagnostic = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Information);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = DIAGNOSTIC_CODE;
      diagnostics.push(diagnostic);
    }
    this.collection.set(document.uri, diagnostics);
  }

  #forget(document: vscode.TextDocument): void {
    const tracked = this.#documents.get(document.uri.toString());
    if (tracked?.timer) clearTimeout(tracked.timer);
    this.#documents.delete(document.uri.toString());
    this.collection.delete(document.uri);
  }

  dispose(): void {
    for (const tracked of this.#documents.values()) if (tracked.timer) clearTimeout(tracked.timer);
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.collection.dispose();
  }
}
