// Read-along in the editor (issue 35): while Speak Selection's audio plays, the sentence being read
// is highlighted where it is in the document, and the highlight moves as the audio does (the
// player's position, player.ts). A theme colour for the background and a border under the sentence,
// so it is not told by colour alone. It goes when the audio ends or is stopped or its tab closed, and
// when the document changes (the offsets no longer hold); a pause keeps it on the sentence.
import * as vscode from 'vscode';
import type { SentenceTiming } from '@circassian/core';
import { placeSentences, sentenceAt, type PlacedSentence } from '../logic/read-along';
import type { SpeechPlayer } from './player';

interface Following {
  readonly document: vscode.TextDocument;
  readonly sentences: readonly PlacedSentence[];
}

/** The highlighted sentence: its document and range (tests read it; decorations cannot be read back). */
export interface ReadAlongHighlight {
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
}

export class ReadAlong implements vscode.Disposable {
  readonly #decoration = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
    borderColor: new vscode.ThemeColor('focusBorder'),
    borderStyle: 'solid',
    borderWidth: '0 0 2px 0',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.findMatchForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Center,
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
  readonly #changed = new vscode.EventEmitter<ReadAlongHighlight | undefined>();
  /** Fires when the highlight moves or goes (tests wait on it). */
  readonly onDidChangeHighlight = this.#changed.event;
  readonly #subscriptions: vscode.Disposable[];
  #following: Following | undefined;
  #highlight: ReadAlongHighlight | undefined;

  constructor(player: SpeechPlayer) {
    this.#subscriptions = [
      player.onDidChangePosition((seconds) => this.#moveTo(seconds)),
      player.onDidChangeState((state) => {
        if (state === 'idle') this.clear();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.#following?.document && event.contentChanges.length > 0) this.clear();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document === this.#following?.document) this.clear();
      }),
      // An editor shown again (another tab was in front) gets the highlight back.
      vscode.window.onDidChangeVisibleTextEditors(() => this.#paint()),
    ];
  }

  get highlight(): ReadAlongHighlight | undefined {
    return this.#highlight;
  }

  /** Follows the audio about to play: `sentences` (the timings of the voiced text) looked for in `document` from offset `from`. */
  follow(document: vscode.TextDocument, from: number, sentences: readonly SentenceTiming[]): void {
    this.clear();
    this.#following = { document, sentences: placeSentences(document.getText(), from, sentences) };
  }

  clear(): void {
    this.#following = undefined;
    this.#show(undefined);
  }

  #moveTo(seconds: number): void {
    const following = this.#following;
    if (!following) return;
    const at = sentenceAt(following.sentences, seconds)?.at;
    // Between sentences (or on one not found in the document): the last one stays until the next starts.
    if (!at) return;
    const range = new vscode.Range(following.document.positionAt(at.start), following.document.positionAt(at.end));
    if (this.#highlight?.range.isEqual(range)) return;
    this.#show({ uri: following.document.uri, range });
    for (const editor of this.#editors()) editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  #show(highlight: ReadAlongHighlight | undefined): void {
    const before = this.#highlight;
    this.#highlight = highlight;
    this.#paint();
    if (before !== highlight) this.#changed.fire(highlight);
  }

  #paint(): void {
    const highlight = this.#highlight;
    for (const editor of vscode.window.visibleTextEditors) {
      const ours = highlight !== undefined && editor.document.uri.toString() === highlight.uri.toString();
      editor.setDecorations(this.#decoration, ours ? [{ range: highlight.range, hoverMessage: vscode.l10n.t('Being read aloud') }] : []);
    }
  }

  #editors(): vscode.TextEditor[] {
    const uri = this.#highlight?.uri.toString();
    return vscode.window.visibleTextEditors.filter((editor) => editor.document.uri.toString() === uri);
  }

  dispose(): void {
    this.clear();
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#decoration.dispose();
    this.#changed.dispose();
  }
}
