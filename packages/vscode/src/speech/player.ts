// The extension host cannot play sound: a webview with an <audio> element plays the saved WAV.
import * as vscode from 'vscode';

export function playAudio(file: vscode.Uri, title: string, durationSeconds: number | undefined): vscode.WebviewPanel {
  const folder = vscode.Uri.joinPath(file, '..');
  const panel = vscode.window.createWebviewPanel(
    'circassian.player',
    vscode.l10n.t('Speech: {0}', title),
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    {
      enableScripts: false,
      localResourceRoots: [folder],
    },
  );
  const source = panel.webview.asWebviewUri(file).toString();
  const csp = `default-src 'none'; media-src ${panel.webview.cspSource}; style-src 'unsafe-inline'`;
  const duration = durationSeconds === undefined ? '' : `<p>${durationSeconds.toFixed(1)} s</p>`;
  panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><style>body{font-family:var(--vscode-font-family);padding:1em}audio{width:100%}</style></head><body><h3>${escapeHtml(title)}</h3><audio controls autoplay src="${source}"></audio>${duration}<p><code>${escapeHtml(file.fsPath)}</code></p></body></html>`;
  return panel;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
