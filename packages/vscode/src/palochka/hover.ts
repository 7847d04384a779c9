// The palochka diagnostic's fix, right in its hover: the editor's own marker hover offers only a
// "Quick Fix..." link (and says "No quick fixes available" when it asked before the fixes were
// ready), so this hover part names the correct letter unmistakably, "Ӏ (U+04C0, palochka)", and
// carries the fix itself as a link: this occurrence, or every look-alike in the file.
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import { characterName, codePoint } from '../logic/palochka-letter';
import { DIAGNOSTIC_CODE, DIAGNOSTIC_SOURCE } from './diagnostics';
import type { PalochkaDiagnostics } from './diagnostics';
import { scanLine } from '../logic/palochka-lines';
import { wordAround } from '../logic/palochka-word';

function commandLink(label: string, argument: object): string {
  return `[${label}](command:${CommandId.fixPalochka}?${encodeURIComponent(JSON.stringify([argument]))})`;
}

export function registerPalochkaHover(diagnostics: PalochkaDiagnostics): vscode.Disposable {
  return vscode.languages.registerHoverProvider(
    { scheme: '*' },
    {
      provideHover(document, position) {
        // Anywhere in the look-alike's word, not only on the letter itself.
        const diagnostic = diagnostics
          .inWordAt(document, new vscode.Range(position, position))
          .find((item) => item.source === DIAGNOSTIC_SOURCE && item.code === DIAGNOSTIC_CODE);
        if (!diagnostic) return undefined;
        const { start } = diagnostic.range;
        const finding = scanLine(document.lineAt(start.line).text, { target: diagnostics.letterFor(document) }).find(
          (item) => item.start === start.character,
        );
        if (!finding) return undefined;
        const letter = `${finding.replacement} (${codePoint(finding.replacement)}, ${vscode.l10n.t(characterName(finding.replacement))})`;
        const uri = document.uri.toString();
        const markdown = new vscode.MarkdownString(undefined, true);
        markdown.isTrusted = { enabledCommands: [CommandId.fixPalochka] };
        markdown.appendMarkdown(
          [
            commandLink(vscode.l10n.t('Replace with {0}', letter), {
              uri,
              range: [document.offsetAt(diagnostic.range.start), document.offsetAt(diagnostic.range.end)],
            }),
            commandLink(vscode.l10n.t('Fix every look-alike in this file'), { uri, wholeFile: true }),
          ].join(' · '),
        );
        const word = wordAround(document.lineAt(start.line).text, start.character, diagnostic.range.end.character);
        return new vscode.Hover(markdown, new vscode.Range(start.line, word.start, start.line, word.end));
      },
    },
  );
}
