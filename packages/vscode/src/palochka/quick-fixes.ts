// Quick fixes for the palochka diagnostics: this occurrence, or every one in the file.
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import { codePoint } from '../logic/palochka-letter';
import { scanLine } from '../logic/palochka-lines';
import { DIAGNOSTIC_CODE, DIAGNOSTIC_SOURCE, type PalochkaDiagnostics } from './diagnostics';

export class PalochkaQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly diagnostics: PalochkaDiagnostics) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const given = context.diagnostics.filter(
      (diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE && diagnostic.code === DIAGNOSTIC_CODE,
    );
    // The cursor anywhere in the word of a look-alike brings the lightbulb, not only on the letter.
    const ours = given.length > 0 ? given : this.diagnostics.inWordAt(document, range);
    const actions: vscode.CodeAction[] = [];
    const target = this.diagnostics.letterFor(document);
    for (const diagnostic of ours) {
      const { start } = diagnostic.range;
      const replacement = scanLine(document.lineAt(start.line).text, { target }).find(
        (finding) => finding.start === start.character,
      )?.replacement;
      if (!replacement) continue;
      const fix = new vscode.CodeAction(
        vscode.l10n.t('Replace with the palochka {0} ({1})', replacement, codePoint(replacement)),
        vscode.CodeActionKind.QuickFix,
      );
      fix.edit = new vscode.WorkspaceEdit();
      fix.edit.replace(document.uri, diagnostic.range, replacement);
      fix.diagnostics = [diagnostic];
      fix.isPreferred = true;
      actions.push(fix);
    }
    if (ours.length > 0) {
      const all = new vscode.CodeAction(vscode.l10n.t('Fix every palochka look-alike in this file'), vscode.CodeActionKind.QuickFix);
      all.command = { command: CommandId.fixPalochka, title: all.title, arguments: [{ uri: document.uri.toString(), wholeFile: true }] };
      all.diagnostics = ours;
      actions.push(all);
    }
    return actions;
  }
}
