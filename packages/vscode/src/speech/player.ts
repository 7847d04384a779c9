// The extension host cannot play sound: a webview with an <audio> element plays the saved WAV
// (player-page.ts). While it plays or is paused mid-way, the status bar has Pause (or Play) and
// Stop for it; they go away when it ends, is stopped or is closed. One player tab is reused by
// every speech: a new one replaces what it played.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { CommandId } from '../command-ids';
import { isPlayerState, playerPage, playerTime, type PlayerCommand, type PlayerState } from './player-page';

/** The audio of the last Speak: its file and the words it was named by. */
export interface LastSpoken {
  readonly file: vscode.Uri;
  readonly title: string;
}

/** What the status bar shows: nothing, or the buttons of a player that plays or is paused. */
export type PlaybackState = 'idle' | 'playing' | 'paused';

export class SpeechPlayer implements vscode.Disposable {
  #current: vscode.WebviewPanel | undefined;
  #state: PlaybackState = 'idle';
  readonly #toggle = vscode.window.createStatusBarItem('circassian.speech.playPause', vscode.StatusBarAlignment.Right, 99);
  readonly #stop = vscode.window.createStatusBarItem('circassian.speech.stop', vscode.StatusBarAlignment.Right, 98);
  readonly #changed = new vscode.EventEmitter<PlaybackState>();
  /** Fires when the status bar's buttons change (tests wait on it). */
  readonly onDidChangeState = this.#changed.event;
  readonly #moved = new vscode.EventEmitter<number>();
  /** Fires with the audio's position in seconds as it plays or is moved (the read-along follows it). */
  readonly onDidChangePosition = this.#moved.event;

  constructor() {
    this.#toggle.name = vscode.l10n.t('Circassian speech: play or pause');
    this.#stop.name = vscode.l10n.t('Circassian speech: stop');
    this.#stop.text = '$(debug-stop)';
    this.#stop.tooltip = vscode.l10n.t('Stop the speech');
    this.#stop.accessibilityInformation = { label: this.#stop.tooltip };
    this.#stop.command = CommandId.stopSpeech;
  }

  get state(): PlaybackState {
    return this.#state;
  }

  /** Whether the Pause/Play and Stop buttons are in the status bar now. */
  get controlsShown(): boolean {
    return this.#state !== 'idle';
  }

  #lastSpoken: LastSpoken | undefined;

  /** The audio the last Speak made or played again (in the cache or the workspace): what Save Speech As… saves. */
  get lastSpoken(): LastSpoken | undefined {
    return this.#lastSpoken;
  }

  /** Remembers `spoken` for Save Speech As… (the palette shows that command from now on). */
  remember(spoken: LastSpoken): void {
    this.#lastSpoken = spoken;
    void vscode.commands.executeCommand('setContext', 'circassian.hasSpeech', true);
  }

  /** The one player tab, reused by every Speak (it opened a tab per speech before). */
  #panel: vscode.WebviewPanel | undefined;

  /** Plays `file` in the player beside the editor, opening it or reusing the open one; it starts at once. */
  open(file: vscode.Uri, title: string, durationSeconds: number | undefined): vscode.WebviewPanel {
    const options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(file, '..')] };
    let panel = this.#panel;
    if (panel) {
      panel.webview.options = options;
      panel.reveal(undefined, true);
    } else {
      panel = vscode.window.createWebviewPanel(
        'circassian.player',
        '',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        options,
      );
      const opened = panel;
      this.#panel = opened;
      opened.webview.onDidReceiveMessage((message: unknown) => {
        const state = (message as { state?: unknown } | null)?.state;
        if (isPlayerState(state)) this.#heard(opened, state);
        const time = playerTime(message);
        if (time !== undefined && this.#panel === opened) this.#moved.fire(time);
      });
      opened.onDidDispose(() => {
        if (this.#panel === opened) this.#panel = undefined;
        if (opened === this.#current) this.#set(undefined, 'idle');
      });
    }
    panel.title = vscode.l10n.t('Speech: {0}', title);
    panel.webview.html = playerPage({
      source: panel.webview.asWebviewUri(file).toString(),
      cspSource: panel.webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
      title,
      // The audio's place in the workspace once saved; the cache it plays from is the extension's business.
      saved: vscode.workspace.getWorkspaceFolder(file) ? vscode.workspace.asRelativePath(file) : undefined,
      savedAs: vscode.l10n.t('Saved as'),
      notSaved: vscode.l10n.t('Not saved in the workspace yet: Save Speech As… keeps a copy there, and nothing is paid again.'),
      durationSeconds,
    });
    return panel;
  }

  /** The player tab's page as shown (for tests: it names no path outside the workspace). */
  get page(): string | undefined {
    return this.#panel?.webview.html;
  }

  /** Play, pause or stop the current player; false when there is none. */
  async command(command: PlayerCommand): Promise<boolean> {
    if (!this.#current) return false;
    return this.#current.webview.postMessage({ command });
  }

  #heard(panel: vscode.WebviewPanel, state: PlayerState): void {
    if (state === 'playing') this.#set(panel, 'playing');
    else if (panel !== this.#current) return;
    else if (state === 'paused') this.#set(panel, 'paused');
    else this.#set(undefined, 'idle');
  }

  #set(panel: vscode.WebviewPanel | undefined, state: PlaybackState): void {
    this.#current = panel;
    this.#state = state;
    if (state === 'idle') {
      this.#toggle.hide();
      this.#stop.hide();
    } else {
      const playing = state === 'playing';
      this.#toggle.text = playing ? '$(debug-pause)' : '$(play)';
      this.#toggle.tooltip = playing ? vscode.l10n.t('Pause the speech') : vscode.l10n.t('Play the speech');
      this.#toggle.accessibilityInformation = { label: this.#toggle.tooltip };
      this.#toggle.command = playing ? CommandId.pauseSpeech : CommandId.playSpeech;
      this.#toggle.show();
      this.#stop.show();
    }
    void vscode.commands.executeCommand('setContext', 'circassian.speechPlayback', state);
    this.#changed.fire(state);
  }

  dispose(): void {
    this.#toggle.dispose();
    this.#stop.dispose();
    this.#changed.dispose();
    this.#moved.dispose();
  }
}
