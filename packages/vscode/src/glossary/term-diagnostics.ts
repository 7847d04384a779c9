// The term check in the Problems panel (issue 36): on a file Translate File made, each entry whose
// source holds a glossary term whose agreed form its translation lacks; on that file and on any
// Kabardian or Adyghe file (its name, language id or header says so: palochka-letter.ts), each
// forbidden word, with a quick fix putting the agreed term in when the glossary has one. Checked
// on open, as it is typed, on save, and again for every open file when the glossary changes.
import * as vscode from 'vscode';
import { CheckAfterTyping } from '../editor/check-after-typing';
import type { Glossary, LanguagePair } from '@circassian/core';
import { formatFor } from '../logic/file-formats';
import { decodeFile, splitBom } from '../logic/file-text';
import { dialectOf } from '../logic/palochka-letter';
import { forbiddenFindings, missingTermFindings, type TermFinding, type TranslatedEntry } from '../logic/term-findings';
import { locateText } from '../logic/text-location';
import { writtenFile, type WrittenFile } from '../memory/file-runs';
import type { WorkspaceGlossary } from './workspace-glossary';

export const TERM_SOURCE = 'circassian';
export const FORBIDDEN_CODE = 'glossary-forbidden-word';
export const MISSING_CODE = 'glossary-missing-term';

function message(finding: TermFinding): string {
  const note = finding.entry.note ? ` (${finding.entry.note})` : '';
  if (finding.kind === 'forbidden') {
    return finding.replacement === undefined
      ? vscode.l10n.t('“{0}” is a forbidden word in the glossary{1}.', finding.found, note)
      : vscode.l10n.t('“{0}” is a forbidden word in the glossary: the agreed term is “{1}”{2}.', finding.found, finding.replacement, note);
  }
  return finding.entry.type === 'keep'
    ? vscode.l10n.t('The source has “{0}”, which the glossary keeps as it is; this translation does not have it{1}.', finding.found, note)
    : vscode.l10n.t(
        'The source has “{0}”: the glossary’s agreed term “{1}” is not in this translation{2}.',
        finding.found,
        finding.entry.target,
        note,
      );
}

/** The diagnostic's replacement, for the quick fix. */
interface Fix {
  readonly range: vscode.Range;
  readonly replacement: string;
  readonly found: string;
}

export class TermDiagnostics implements vscode.Disposable, vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  readonly #collection = vscode.languages.createDiagnosticCollection('circassian-glossary');
  readonly #fixes = new Map<string, Fix[]>();
  readonly #typing = new CheckAfterTyping((document) => void this.check(document));
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly glossary: WorkspaceGlossary,
    private readonly state: vscode.Memento,
  ) {
    this.#subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => void this.check(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.#typing.schedule(event.document)),
      vscode.workspace.onDidSaveTextDocument((document) => void this.check(document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.#collection.delete(document.uri);
        this.#fixes.delete(document.uri.toString());
      }),
      glossary.onDidChange(() => this.checkAll()),
      vscode.languages.registerCodeActionsProvider({ scheme: '*' }, this, { providedCodeActionKinds: TermDiagnostics.kinds }),
    ];
    this.checkAll();
  }

  checkAll(): void {
    for (const document of vscode.workspace.textDocuments) void this.check(document);
  }

  /** The term problems of one open document (none without a glossary, or in Restricted Mode). */
  async check(document: vscode.TextDocument): Promise<readonly vscode.Diagnostic[]> {
    const glossary = await this.glossary.get();
    const text = document.getText();
    const written = writtenFile(this.state, document.uri);
    const language = written?.targetLang ?? dialectOf(document.languageId, document.uri.path);
    if (!glossary || !language || document.uri.scheme === 'output') {
      this.#collection.delete(document.uri);
      this.#fixes.delete(document.uri.toString());
      return [];
    }
    const findings = [
      ...(written ? await this.#missing(glossary, written, text, document.uri) : []),
      ...forbiddenFindings(glossary, language as LanguagePair['target'], text),
    ];
    const fixes: Fix[] = [];
    const diagnostics = findings.map((finding) => {
      const range = new vscode.Range(document.positionAt(finding.range.start), document.positionAt(finding.range.end));
      const diagnostic = new vscode.Diagnostic(range, message(finding), vscode.DiagnosticSeverity.Warning);
      diagnostic.source = TERM_SOURCE;
      diagnostic.code = finding.kind === 'forbidden' ? FORBIDDEN_CODE : MISSING_CODE;
      if (finding.kind === 'forbidden' && finding.replacement !== undefined)
        fixes.push({ range, replacement: finding.replacement, found: finding.found });
      return diagnostic;
    });
    // The document may have changed while the glossary was read: only the latest text's findings stand.
    if (document.getText() !== text) return this.#collection.get(document.uri) ?? [];
    this.#collection.set(document.uri, diagnostics);
    this.#fixes.set(document.uri.toString(), fixes);
    return diagnostics;
  }

  /** A translated file's entries against its source file as it is now. */
  async #missing(glossary: Glossary, written: WrittenFile, text: string, uri: vscode.Uri): Promise<TermFinding[]> {
    const format = formatFor(uri.path.slice(uri.path.lastIndexOf('/') + 1));
    if (!format) return [];
    try {
      const source = splitBom(decodeFile(await vscode.workspace.fs.readFile(vscode.Uri.parse(written.sourceUri)))).text;
      const target = splitBom(text);
      const translations = format.translations(target.text);
      const entries: TranslatedEntry[] = [];
      let from = 0;
      for (const unit of format.units(source)) {
        const translation = translations.get(unit.key);
        if (translation === undefined) continue;
        const range = locateText(target.text, translation, from);
        if (!range) continue;
        from = range.end;
        const bom = target.bom.length;
        entries.push({ source: unit.text, translation, range: { start: range.start + bom, end: range.end + bom } });
      }
      const pair = { source: written.sourceLang, target: written.targetLang } as LanguagePair;
      return missingTermFindings(glossary, pair, entries);
    } catch {
      // A file mid-edit that does not parse, or a source that is gone: its forbidden words are still found.
      return [];
    }
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const fixes = this.#fixes.get(document.uri.toString()) ?? [];
    const diagnostics = this.#collection.get(document.uri) ?? [];
    return fixes
      .filter((fix) => fix.range.intersection(range) !== undefined && document.getText(fix.range) === fix.found)
      .map((fix) => {
        const action = new vscode.CodeAction(
          vscode.l10n.t('Replace “{0}” with the agreed term “{1}”', fix.found, fix.replacement),
          vscode.CodeActionKind.QuickFix,
        );
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, fix.range, fix.replacement);
        action.diagnostics = diagnostics.filter((diagnostic) => diagnostic.code === FORBIDDEN_CODE && diagnostic.range.isEqual(fix.range));
        action.isPreferred = true;
        return action;
      });
  }

  dispose(): void {
    this.#typing.dispose();
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#collection.dispose();
  }
}
