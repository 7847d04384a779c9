// The player webview's page: an <audio> element and a small script that is the page's half of the
// message channel. It reports what the audio does ({ state }: playing, paused, ended, stopped) and
// obeys { command }: play, pause, stop (stop: paused and back to the start). The audio element's own
// events are the truth, so the status bar follows the player's buttons and keys too. Where the audio
// is ({ time }: seconds, at each timeupdate and seek) drives the read-along highlight (read-along.ts).

/** What the page tells the extension. */
export type PlayerState = 'playing' | 'paused' | 'ended' | 'stopped';
/** What the extension tells the page. */
export type PlayerCommand = 'play' | 'pause' | 'stop';

/** The audio's position in seconds, from a { time } message; undefined for any other message. */
export function playerTime(message: unknown): number | undefined {
  const time = (message as { time?: unknown } | null)?.time;
  return typeof time === 'number' && Number.isFinite(time) ? time : undefined;
}

export function isPlayerState(value: unknown): value is PlayerState {
  return value === 'playing' || value === 'paused' || value === 'ended' || value === 'stopped';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function playerPage(page: {
  readonly source: string;
  readonly cspSource: string;
  readonly nonce: string;
  readonly title: string;
  /** Where the audio is saved in the workspace (relative), if it is: the extension's own cache path is never shown. */
  readonly saved: string | undefined;
  /** What the page says of where the audio is (translated by the caller). */
  readonly savedAs: string;
  readonly notSaved: string;
  readonly durationSeconds: number | undefined;
}): string {
  const csp = `default-src 'none'; media-src ${page.cspSource}; style-src 'unsafe-inline'; script-src 'nonce-${page.nonce}'`;
  const duration = page.durationSeconds === undefined ? '' : `<p>${page.durationSeconds.toFixed(1)} s</p>`;
  // A pause event comes after the stop that caused it (or after the end): it reports that instead.
  const script = `
    const vscode = acquireVsCodeApi();
    const audio = document.querySelector('audio');
    let stopping = false;
    const report = (state) => vscode.postMessage({ state });
    audio.addEventListener('playing', () => report('playing'));
    audio.addEventListener('pause', () => {
      if (audio.ended) return;
      report(stopping ? 'stopped' : 'paused');
      stopping = false;
    });
    audio.addEventListener('ended', () => report('ended'));
    const position = () => vscode.postMessage({ time: audio.currentTime });
    audio.addEventListener('timeupdate', position);
    audio.addEventListener('seeked', position);
    window.addEventListener('message', (event) => {
      const command = event.data && event.data.command;
      if (command === 'play') audio.play().catch(() => report('paused'));
      else if (command === 'pause') audio.pause();
      else if (command === 'stop') {
        if (audio.paused) report('stopped');
        else stopping = true;
        audio.pause();
        audio.currentTime = 0;
      }
    });`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><style>body{font-family:var(--vscode-font-family);padding:1em}audio{width:100%}</style></head><body><h3>${escapeHtml(page.title)}</h3><audio controls autoplay src="${page.source}"></audio>${duration}<p>${page.saved === undefined ? escapeHtml(page.notSaved) : `${escapeHtml(page.savedAs)} <code>${escapeHtml(page.saved)}</code>`}</p><script nonce="${page.nonce}">${script}</script></body></html>`;
}
