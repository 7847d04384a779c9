// The text a command works on: the selections' text, or for an empty selection the string literal
// or comment under the cursor in code (smart-selection.ts), else the current line; in Markdown the
// words of the texts the selection covers, never the markers around them (markdown-selection.ts).
import type * as vscode from 'vscode';
import { markdownRanges } from '../logic/markdown-selection';
import { smartRangeAt, unescapeLiteral } from '../logic/smart-selection';
import { protectionFor, spokenWords } from '../logic/text-protection';
import { planSegments, type OffsetRange, type Segment, type SegmentRange } from '../logic/translation-plan';

/** What a selection of this document stands for: undefined leaves it to planSegments (itself, or its line). */
function rangesIn(text: string, languageId: string): (selection: OffsetRange) => readonly SegmentRange[] | undefined {
  if (languageId === 'markdown') return (selection) => markdownRanges(text, selection);
  return (selection) => {
    if (selection.start !== selection.end) return undefined;
    const range = smartRangeAt(text, selection.start, languageId);
    return range ? [range] : undefined;
  };
}

export function segmentsOf(editor: vscode.TextEditor): Segment[] {
  const { document } = editor;
  const text = document.getText();
  return planSegments(
    text,
    editor.selections.map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) })),
    rangesIn(text, document.languageId),
  );
}

/** The text a segment stands for: a literal's escapes read, a hard-wrapped paragraph as one line. */
export function segmentText(segment: Segment): string {
  return segment.source ?? (segment.quote ? unescapeLiteral(segment.text) : segment.text);
}

/**
 * The words of the selections, as a listener hears them and a detector reads them: no link
 * targets, URLs, e-mail addresses, tags or placeholders (text-protection.ts), one line a segment.
 */
export function selectedWords(editor: vscode.TextEditor): string {
  const protect = protectionFor(editor.document.languageId, editor.document.uri.path, editor.document.getText());
  return segmentsOf(editor)
    .map((segment) => spokenWords(segmentText(segment), protect))
    .filter((words) => words !== '')
    .join('\n');
}
