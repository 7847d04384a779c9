// Placeholder and tag checks on the files Translate File made (issue 33): an entry whose hand edit
// lost `{name}` or `<b>`, or gained one the source lacks, is a warning in the Problems panel on
// that entry, kept while the file is edited, so a broken edit is never kept silently on every
// re-run. Only files this workspace's Translate File wrote are checked (their source file and
// format are known); the check reads the source as it is now.
import * as vscode from 'vscode';
import { CheckAfterTyping } from '../editor/check-after-typing';
import { formatFor } from '../logic/file-formats';
import { protectionIn } from '../logic/file-formats/format';
import { decodeFile, splitBom } from '../logic/file-text';
import { locateText } from '../logic/text-location';
import { tokenMismatch } from '../logic/token-mismatch';
import { writtenFile } from '../memory/file-runs';

/** The diagnostics' source, and their code. */
const SOURCE = 'circassian';
const CODE = 'placeholder-mismatch';

function mismatchMessage(missing: readonly string[], extra: readonly string[]): string {
  const list = (tokens: readonly string[]): string => tokens.join(' ');
  if (extra.length === 0) return vscode.l10n.t('The translation lost {0}, which the source has: the program needs it.', list(missing));
  if (missing.length === 0) return vscode.l10n.t('The translation has {0}, which the source does not.', list(extra));
  return vscode.l10n.t(
    'The translation lost {0} and has {1} instead: it must keep the source’s placeholders and tags.',
    list(missing),
    list(extra),
  );
}

export class TranslationChecks implements vscode.Disposable {
  readonly #collection = vscode.languages.createDiagnosticCollection('circassian-translation');
  readonly #typing = new CheckAfterTyping((document) => void this.check(document.uri, document.getText()));
  readonly #subscriptions: vscode.Disposable[];

  constructor(private readonly state: vscode.Memento) {
    this.#subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => void this.check(document.uri, document.getText())),
      vscode.workspace.onDidChangeTextDocument((event) => this.#typing.schedule(event.document)),
      vscode.workspace.onDidSaveTextDocument((document) => void this.check(document.uri, document.getText())),
    ];
    for (const document of vscode.workspace.textDocuments) void this.check(document.uri, document.getText());
  }

  /** The warnings of one translated file (its text as given, else as on disk); none for a file Translate File did not make. */
  async check(uri: vscode.Uri, text?: string): Promise<readonly vscode.Diagnostic[]> {
    const written = writtenFile(this.state, uri);
    const format = formatFor(uri.path.slice(uri.path.lastIndexOf('/') + 1));
    if (!written || !format) return [];
    try {
      const target = splitBom(text ?? decodeFile(await vscode.workspace.fs.readFile(uri))).text;
      const source = splitBom(decodeFile(await vscode.workspace.fs.readFile(vscode.Uri.parse(written.sourceUri)))).text;
      const translations = format.translations(target);
      const protect = protectionIn(format, source);
      const diagnostics: vscode.Diagnostic[] = [];
      const lines = target.split('\n');
      const at = (offset: number): vscode.Position => {
        const before = target.slice(0, offset).split('\n');
        return new vscode.Position(before.length - 1, (before.at(-1) ?? '').length);
      };
      let from = 0;
      for (const unit of format.units(source)) {
        const translation = translations.get(unit.key);
        if (translation === undefined) continue;
        const range = locateText(target, translation, from);
        if (range) from = range.end;
        const mismatch = tokenMismatch(unit.text, translation, protect);
        if (!mismatch) continue;
        const where = range ? new vscode.Range(at(range.start), at(range.end)) : new vscode.Range(0, 0, 0, (lines[0] ?? '').length);
        const diagnostic = new vscode.Diagnostic(
          where,
          mismatchMessage(mismatch.missing, mismatch.extra),
          vscode.DiagnosticSeverity.Warning,
        );
        diagnostic.source = SOURCE;
        diagnostic.code = CODE;
        diagnostics.push(diagnostic);
      }
      this.#collection.set(uri, diagnostics);
      return diagnostics;
    } catch {
      // A file that no longer parses (mid-edit) or a source that is gone: the last warnings stand until it reads again.
      return this.#collection.get(uri) ?? [];
    }
  }

  dispose(): void {
    this.#typing.dispose();
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#collection.dispose();
  }
}
