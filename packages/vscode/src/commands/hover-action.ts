// circassian.hoverAction: the links of a hover translation. Replace writes the translation over
// the hovered text (prose only, translate/hover-text.ts), Copy puts it on the clipboard, Translate
// From selects the text and runs Translate Selection From (for text the detector took for the
// target language, or for another); Insert writes the near match the person clicked (prose: over
// the hovered text; code: through Show Near Matches at the text, which writes as Translate
// Selection does, a literal escaped for its quote). Acts only while the text is still what was hovered.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';
import { protectionFor } from '../logic/text-protection';
import { isProse, type HoverAction } from '../translate/hover-text';
import type { HoverTranslations } from '../translate/hover';
import { translateSelectionFrom } from './translate-selection-from';
import { showNearMatches } from './show-near-matches';

export interface HoverActionOptions {
  readonly uri?: string;
  readonly start?: number;
  readonly end?: number;
  readonly action?: HoverAction;
  /** Insert: which of the hover's near matches (0 the best). */
  readonly match?: number;
  /** Translate From without asking (callers, tests). */
  readonly source?: string;
  readonly target?: string;
}

export async function hoverAction(
  services: Services,
  hover: HoverTranslations,
  options: HoverActionOptions = {},
): Promise<CommandOutcome<{ readonly inserted?: string }>> {
  const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === options.uri);
  if (!document || options.start === undefined || options.end === undefined) return { status: 'nothing' };
  const raw = document.getText(new vscode.Range(document.positionAt(options.start), document.positionAt(options.end)));
  const text = raw.trim();
  const from = options.start + raw.indexOf(text);
  const range = new vscode.Range(document.positionAt(from), document.positionAt(from + text.length));
  if (options.action === 'translateFrom') {
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(range.start, range.end);
    return translateSelectionFrom(services, {
      ...(options.source ? { source: options.source } : {}),
      ...(options.target ? { target: options.target } : {}),
    });
  }
  if (options.action === 'insert') {
    const match = typeof options.match === 'number' ? hover.nearMatchAt(document, options.start, options.end, options.match) : undefined;
    if (!match) {
      // Said: a click on Insert that writes nothing must not look like a dead link.
      const message = vscode.l10n.t('The text changed since it was hovered: hover it again.');
      void vscode.window.showInformationMessage(message);
      return { status: 'nothing', message };
    }
    if (!isProse(document)) {
      const editor = await vscode.window.showTextDocument(document);
      editor.selection = new vscode.Selection(range.start, range.start);
      return showNearMatches(services, { match });
    }
    const protect = protectionFor(document.languageId, document.uri.path, document.getText());
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, range, match.insert);
    if (!(await vscode.workspace.applyEdit(edit))) return { status: 'nothing' };
    // Followed as any translation the extension writes: a person's correction of it, saved, teaches the memory.
    services.insertions.recordChoice(document, {
      start: from,
      written: match.insert,
      text: match.insert,
      source: text,
      protect,
      unit: match.unit,
    });
    return { status: 'ok', inserted: match.insert };
  }
  const translation = hover.translationOf(text);
  if (translation === undefined)
    return { status: 'nothing', message: vscode.l10n.t('The text changed since it was hovered: hover it again.') };
  if (options.action === 'copy') {
    await vscode.env.clipboard.writeText(translation);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Translation copied'), 3_000);
    return { status: 'ok' };
  }
  if (options.action !== 'replace' || !isProse(document)) return { status: 'nothing' };
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, range, translation);
  return (await vscode.workspace.applyEdit(edit)) ? { status: 'ok' } : { status: 'nothing' };
}
