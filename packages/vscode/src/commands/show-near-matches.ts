// circassian.showNearMatches: "Show Near Matches" (issue 33), beside Translate Selection: the
// memory's units whose source is like the selection's text (or the text under the cursor, as
// Translate Selection takes it), each with its percentage, translation and provenance; the one a
// person chooses is written over the text as Translate Selection writes (a literal escaped for its
// quote, a comment kept a comment). A near match is a suggestion: nothing is written without that
// choice, and no request is made (the last row translates with the service instead). The memory
// is read only in a trusted workspace. From code: `{}` lists the matches, `{ insert: n }` writes the n-th (0 first).
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import { applyPlannedEdits, isWritable } from '../editor/apply-edits';
import { segmentsOf, segmentText } from '../editor/source-text';
import { hasWords, maskPlaceholders } from '../logic/placeholders';
import { protectionFor } from '../logic/text-protection';
import { nearMatches, NEAR_MATCH_MIN, type NearMatch } from '../memory/near-matches';
import { shortened, unitProvenance } from '../memory/unit-description';
import { memoryForCommand } from '../memory/workspace-memory';
import { writtenOver } from '../translate/translate-selections';
import type { CommandOutcome, Services } from '../services';
import { activeEditor, isEditor } from './active-editor';

export interface ShowNearMatchesOptions {
  /** The match to write, 0 the best; absent: the matches are listed, nothing written. */
  readonly insert?: unknown;
  /** The match a person chose elsewhere (the hover's Insert in code): written over the text at the cursor. */
  readonly match?: NearMatch;
}

/** A near match as a caller gets it. */
export interface NearMatchResult {
  readonly percent: number;
  readonly source: string;
  readonly target: string;
  readonly origin: string;
  readonly sourceLang: string;
}

type Outcome = CommandOutcome<{ readonly matches: readonly NearMatchResult[]; readonly inserted?: string }>;

export async function showNearMatches(services: Services, options?: ShowNearMatchesOptions): Promise<Outcome> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const memory = await memoryForCommand(services.memory);
  if ('status' in memory) return memory;
  const { document } = editor;
  const [segment] = segmentsOf(editor);
  const protect = protectionFor(document.languageId, document.uri.path, document.getText());
  const masked = segment && maskPlaceholders(segmentText(segment), protect);
  if (!segment || !masked || !hasWords(masked))
    return { status: 'nothing', message: vscode.l10n.t('Nothing to match: select text or put the cursor on a line with text.') };
  const { targetLanguage, sourceLanguage } = services.config.current;
  const matches = options?.match
    ? [options.match]
    : await nearMatches(memory, { masked, target: targetLanguage, source: sourceLanguage || undefined });
  const results = matches.map((match): NearMatchResult => ({
    percent: match.percent,
    source: match.unit.source,
    target: match.insert,
    origin: match.unit.origin,
    sourceLang: match.unit.sourceLang,
  }));
  if (matches.length === 0) {
    const message = vscode.l10n.t(
      'The translation memory has no near match ({0}% or more) for “{1}” into {2}.',
      NEAR_MATCH_MIN,
      shortened(segmentText(segment)),
      targetLanguage,
    );
    if (!options) {
      const translate = vscode.l10n.t('Translate Selection');
      void vscode.window
        .showInformationMessage(message, translate)
        .then((picked) => (picked === translate ? vscode.commands.executeCommand(CommandId.translateSelection) : undefined));
    }
    return { status: 'nothing', reason: 'no_match', message };
  }
  let chosen: NearMatch | undefined;
  if (options) {
    if (options.insert === undefined && !options.match) return { status: 'ok', matches: results };
    chosen = options.match ?? (typeof options.insert === 'number' ? matches[options.insert] : undefined);
    if (!chosen) return { status: 'nothing', reason: 'no_match', message: vscode.l10n.t('There is no such near match.') };
  } else {
    const picked = await pickMatch(matches, segmentText(segment), targetLanguage);
    if (picked === undefined) return { status: 'cancelled' };
    if (picked === 'translate') return (await vscode.commands.executeCommand(CommandId.translateSelection)) as Outcome;
    chosen = picked;
  }
  // Written only where the text still is what was matched (edited meanwhile: left as typed).
  if (!isWritable(document) || document.getText().slice(segment.start, segment.end) !== segment.text) {
    return { status: 'nothing', message: vscode.l10n.t('The text changed while you chose: run Show Near Matches again.') };
  }
  const newText = writtenOver(document, segment, chosen.insert, masked, chosen.unit.target);
  const written = await applyPlannedEdits(document, [{ start: segment.start, end: segment.end, newText }]);
  if (!written) return { status: 'nothing', message: vscode.l10n.t('The near match could not be written into this document.') };
  // Followed as any translation the extension writes: a person's correction of it, saved, teaches the memory.
  // A comment's match continued over several lines is not read back as one text (as Translate Selection's).
  if (!segment.comment || newText === chosen.insert)
    services.insertions.recordChoice(document, {
      start: segment.start,
      written: newText,
      text: chosen.insert,
      source: segmentText(segment),
      ...(segment.quote ? { quote: segment.quote } : {}),
      protect,
      unit: chosen.unit,
    });
  return { status: 'ok', matches: results, inserted: newText };
}

/** The near matches to choose from, best first, and Translate Selection as the last row. */
async function pickMatch(matches: readonly NearMatch[], text: string, target: string): Promise<NearMatch | 'translate' | undefined> {
  type Item = vscode.QuickPickItem & { readonly match?: NearMatch };
  const items: Item[] = [
    ...matches.map((match): Item => ({
      label: `${match.percent}% · ${shortened(match.insert, 80)}`,
      description: match.unit.source,
      detail: unitProvenance(match.unit),
      match,
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(globe) ${vscode.l10n.t('Translate Selection with the service instead')}` },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Near matches for “{0}” into {1}: choose one to write it over the text', shortened(text), target),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  return picked.match ?? 'translate';
}
