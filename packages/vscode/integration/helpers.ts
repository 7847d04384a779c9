// What the integration tests share: documents in real editors, the sandbox's admin controls
// (faults, call records, keys) over HTTP, and the extension's own API.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CircassianApi } from '../src/extension';

export const EXTENSION_ID = 'circassian.circassian';

export function serviceUrl(): string {
  const url = process.env.CIRCASSIAN_BASE_URL;
  assert.ok(url, 'CIRCASSIAN_BASE_URL is set by pnpm vscode-test');
  return url;
}

export async function extensionApi(): Promise<CircassianApi> {
  const extension = vscode.extensions.getExtension<CircassianApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is loaded`);
  return extension.activate();
}

/** A fresh untitled document in the active editor. */
export async function openEditor(content: string, language = 'plaintext'): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content, language });
  return vscode.window.showTextDocument(document);
}

/** A file in the workspace folder, opened in an editor. */
export async function openWorkspaceFile(name: string, content: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test run opens a workspace folder');
  const uri = vscode.Uri.joinPath(folder.uri, name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
}

/** A file of the workspace folder written (its folders made), not opened. */
export async function writeText(path: string, text: string): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder);
  const uri = vscode.Uri.joinPath(folder.uri, ...path.split('/'));
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

/** The hovers' Markdown as the renderer gets it. */
export async function hoverMarkdown(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

export async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  // As shown: Markdown escapes and &nbsp; undone.
  return (await hoverMarkdown(document, position)).replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
}

export function selectLines(editor: vscode.TextEditor, lines: readonly number[]): void {
  editor.selections = lines.map((line) => {
    const range = editor.document.lineAt(line).range;
    return new vscode.Selection(range.start, range.end);
  });
}

export function command<T = Record<string, unknown>>(
  id: string,
  ...args: unknown[]
): Thenable<T & { status: string; errorType?: string; message?: string }> {
  return vscode.commands.executeCommand(id, ...args);
}

export async function setSetting(name: string, value: unknown, section = 'circassian'): Promise<void> {
  await vscode.workspace.getConfiguration(section).update(name, value, vscode.ConfigurationTarget.Global);
}

// ---- the sandbox's admin controls -----------------------------------------------------------

async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = process.env.CIRCASSIAN_TEST_ADMIN_TOKEN;
  assert.ok(token, 'CIRCASSIAN_TEST_ADMIN_TOKEN is set by the e2e test');
  const response = await fetch(`${serviceUrl()}/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(response.ok, `admin ${method} ${path}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export interface CallRecord {
  readonly operation: string;
  readonly outcome: string;
  readonly key: string | null;
  readonly volume?: { readonly characters?: number };
  /** The request and answer, when the key logs content (the test keys do). */
  readonly content?: { readonly request: unknown; readonly response: unknown };
}

export async function calls(operation: string): Promise<CallRecord[]> {
  return (await admin<{ calls: CallRecord[] }>('GET', `/calls?operation=${operation}&limit=10000`)).calls;
}

export function injectFault(fault: { operation: string; error_type?: string; count?: number; delay_ms?: number }): Promise<unknown> {
  return admin('POST', '/faults', fault);
}

export function clearFaults(): Promise<unknown> {
  return admin('DELETE', '/faults');
}

export function createKey(name: string, limits?: Record<string, number>): Promise<{ key: string; prefix: string }> {
  return admin('POST', '/keys', { name, ...(limits ? { limits } : {}) });
}

/** What the service itself answers for a batch (the expected text of a translation). */
export async function serviceBatch(texts: string[], target: string): Promise<string[]> {
  const response = await fetch(`${serviceUrl()}/v1/translate/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.CIRCASSIAN_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ texts, target_lang: target }),
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { translations: string[] }).translations;
}

export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The real service behind a relay that changes one kind of answer: for text the sandbox never
 * produces (line breaks, comment terminators) coming back from the service. Point
 * `circassian.baseUrl` at `url`; every request reaches the sandbox, only `rewrite` differs.
 */
export async function startRewritingRelay(
  rewrite: (path: string, body: unknown) => unknown,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  // Forwarding goes through undici with its own agent: node:http in the extension host is patched
  // by VS Code's own proxy support.
  const { Agent, request } = await import('undici');
  const direct = new Agent();
  const upstream = serviceUrl();
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)),
      ) as Record<string, string>;
      const body = Buffer.concat(chunks);
      const path = incoming.url ?? '/';
      request(`${upstream}${path}`, {
        method: (incoming.method ?? 'GET') as 'GET',
        headers,
        body: body.length > 0 ? body : null,
        dispatcher: direct,
      })
        .then(async (answer) => {
          let payload = Buffer.from(await answer.body.arrayBuffer());
          if (String(answer.headers['content-type'] ?? '').includes('json') && answer.statusCode === 200) {
            payload = Buffer.from(JSON.stringify(rewrite(path.split('?')[0] ?? path, JSON.parse(payload.toString('utf8')))));
          }
          const answerHeaders = Object.fromEntries(
            Object.entries(answer.headers).filter(
              ([name]) => !['connection', 'transfer-encoding', 'keep-alive', 'content-length'].includes(name),
            ),
          );
          outgoing.writeHead(answer.statusCode, { ...answerHeaders, 'content-length': String(payload.length) });
          outgoing.end(payload);
        })
        .catch(() => outgoing.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.close();
      await direct.close();
    },
  };
}
