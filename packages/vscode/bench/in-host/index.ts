// Runs INSIDE the extension host (through pnpm vscode-test's harness) for extension.bench.ts:
// first activation and bundle load time of the extension beside a minimal one, the time the
// extension adds to a translate round trip over the client alone (through the same network stack,
// and through undici for comparison), the first palochka scan of a 5 MB document, Translate File
// on the workspace's en.json with a key of the service's default limits, and hover latency over the
// client's own round trip. Writes its figures as JSON to CIRCASSIAN_BENCH_RESULTS.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { CircassianClient } from '@circassian/core';
import { Agent } from 'undici';
import type { CircassianApi } from '../../src/extension';
import { editorDispatcher } from '../../src/network/editor-dispatcher';

const ROUND_TRIPS = 60;
const LOADS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function activation(id: string): Promise<{ activateMs: number; loadMs: number }> {
  const extension = vscode.extensions.getExtension(id);
  if (!extension) throw new Error(`${id} is not loaded`);
  const started = performance.now();
  await extension.activate();
  const activateMs = performance.now() - started;
  // Loading the bundle again (module evaluation only), median of several.
  const main = require.resolve(`${extension.extensionPath}/dist/extension.js`);
  const loads: number[] = [];
  for (let round = 0; round < LOADS; round++) {
    delete require.cache[main];
    const begun = performance.now();
    require(main);
    loads.push(performance.now() - begun);
  }
  return { activateMs, loadMs: median(loads) };
}

async function roundTrips(): Promise<{ commandMs: number; clientMs: number; clientAndEditMs: number; undiciClientMs: number }> {
  // The client as the extension makes it (the editor's http), and one on undici's own pool.
  const client = new CircassianClient({ appInfo: { name: 'bench' }, dispatcher: editorDispatcher });
  const undiciAgent = new Agent();
  const undiciClient = new CircassianClient({ appInfo: { name: 'bench' }, dispatcher: undiciAgent });
  const text = 'Сэ сыкIуэнущ, уи пщэддджыжь фIыуэ.';
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: text }));
  const command: number[] = [];
  const alone: number[] = [];
  const withEdit: number[] = [];
  const viaUndici: number[] = [];
  for (let round = 0; round < ROUND_TRIPS + 5; round++) {
    editor.selection = new vscode.Selection(0, 0, 0, text.length);
    const begun = performance.now();
    const outcome = (await vscode.commands.executeCommand('circassian.translateSelection', { target: 'ru' })) as { status: string };
    const commandMs = performance.now() - begun;
    if (outcome.status !== 'ok') throw new Error(`translateSelection: ${JSON.stringify(outcome)}`);
    await vscode.commands.executeCommand('undo');
    // The two transports take turns going first, so neither always meets a warmer service.
    const timed = async (use: CircassianClient): Promise<number> => {
      const started = performance.now();
      await use.translateBatch({ texts: [text], target_lang: 'ru' });
      return performance.now() - started;
    };
    let clientMs: number;
    let undiciClientMs: number;
    if (round % 2 === 0) {
      clientMs = await timed(client);
      undiciClientMs = await timed(undiciClient);
    } else {
      undiciClientMs = await timed(undiciClient);
      clientMs = await timed(client);
    }
    // The least any extension does: the same call, then one edit of the document.
    const editBegun = performance.now();
    const { translations } = await client.translateBatch({ texts: [text], target_lang: 'ru' });
    await editor.edit((builder) => builder.replace(new vscode.Range(0, 0, 0, text.length), translations[0] ?? ''));
    const clientAndEditMs = performance.now() - editBegun;
    await vscode.commands.executeCommand('undo');
    if (round >= 5) {
      command.push(commandMs);
      alone.push(clientMs);
      withEdit.push(clientAndEditMs);
      viaUndici.push(undiciClientMs);
    }
  }
  await client.close();
  await undiciClient.close();
  await undiciAgent.close();
  return { commandMs: median(command), clientMs: median(alone), clientAndEditMs: median(withEdit), undiciClientMs: median(viaUndici) };
}

/** Translate File on the workspace's en.json into Kabardian, with the key the benchmark made (default limits). */
async function translateFileRun(): Promise<{ wallMs: number; created: string }> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const key = process.env.CIRCASSIAN_BENCH_FILE_KEY;
  if (!folder || !key) throw new Error('the benchmark opens a folder with en.json and names a key for Translate File');
  await vscode.commands.executeCommand('circassian.setApiKey', key);
  try {
    const begun = performance.now();
    const created = await vscode.commands.executeCommand<unknown>('circassian.translateFile', {
      uri: vscode.Uri.joinPath(folder.uri, 'en.json'),
      target: 'kbd',
      source: 'en',
    });
    const wallMs = performance.now() - begun;
    if (!(created instanceof vscode.Uri)) throw new Error(`translateFile: ${JSON.stringify(created)}`);
    return { wallMs, created: created.fsPath };
  } finally {
    // Back to the environment's key (generous limits) for the hover rounds.
    await vscode.commands.executeCommand('circassian.removeApiKey');
  }
}

const HOVERS = 30;

/** The time vscode.executeHoverProvider takes at the start of a new plain-text document with this line. */
async function timeHover(line: string): Promise<{ ms: number; shown: string[] }> {
  const document = await vscode.workspace.openTextDocument({ content: `${line}\n`, language: 'plaintext' });
  const begun = performance.now();
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    document.uri,
    new vscode.Position(0, 6),
  );
  const ms = performance.now() - begun;
  return { ms, shown: hovers.flatMap((hover) => hover.contents).map((content) => (typeof content === 'string' ? content : content.value)) };
}

/**
 * A hover over a new line of text (so never from the cache), beside the client translating the same
 * text alone and the editor's hover over such a line with hover translation off (the other hover
 * providers and the round trip to the workbench): what the hover adds is the rest.
 */
async function hoverLatency(): Promise<{ hoverMs: number; clientMs: number; editorMs: number }> {
  const settings = vscode.workspace.getConfiguration('circassian');
  await settings.update('hover.dailyCharacterLimit', 10_000_000, vscode.ConfigurationTarget.Global);
  await settings.update('targetLanguage', 'ru', vscode.ConfigurationTarget.Global);
  const client = new CircassianClient({ appInfo: { name: 'bench' }, dispatcher: editorDispatcher });
  const line = (round: number, pass: string): string => `Open the ${pass} settings page number ${round} and save it`;
  const hovers: number[] = [];
  const alone: number[] = [];
  const editor: number[] = [];
  try {
    for (let round = 0; round < HOVERS + 3; round++) {
      const { ms } = await timeHover(line(round, 'first'));
      if (round >= 3) editor.push(ms);
    }
    await settings.update('hover.enabled', true, vscode.ConfigurationTarget.Global);
    for (let round = 0; round < HOVERS + 3; round++) {
      const text = line(round, 'second');
      const { ms, shown } = await timeHover(text);
      if (!shown.some((value) => value.includes('Circassian'))) throw new Error(`no translation in the hover: ${shown.join(' | ')}`);
      const clientBegun = performance.now();
      await client.translate({ text, target_lang: 'ru' });
      const clientMs = performance.now() - clientBegun;
      if (round >= 3) {
        hovers.push(ms);
        alone.push(clientMs);
      }
    }
  } finally {
    await client.close();
    await settings.update('hover.enabled', undefined, vscode.ConfigurationTarget.Global);
    await settings.update('hover.dailyCharacterLimit', undefined, vscode.ConfigurationTarget.Global);
  }
  return { hoverMs: median(hovers), clientMs: median(alone), editorMs: median(editor) };
}

interface PalochkaFigures {
  bytes: number;
  lines: number;
  openMs: number;
  firstScanMs: number;
  diagnostics: number;
  keystrokeMs: number;
  keystrokeWithoutDiagnosticsMs: number;
}

async function palochkaScan(api: CircassianApi): Promise<PalochkaFigures> {
  const line = 'Сэ сыкIуэнущ, уи пщэддджыжь фIыуэ! 1928гъэм к1уэ, I read ХIХ лIэщIыгъуэ.';
  const lines = Math.ceil((5 * 1024 * 1024) / Buffer.byteLength(`${line}\n`));
  const content = Array.from({ length: lines }, () => line).join('\n');
  // Baseline first: the same document with the diagnostics off.
  const settings = vscode.workspace.getConfiguration('circassian');
  await settings.update('palochka.diagnostics', false, vscode.ConfigurationTarget.Global);
  const plain = await vscode.workspace.openTextDocument({ content });
  const keystrokeWithoutDiagnosticsMs = await keystroke(plain);
  await settings.update('palochka.diagnostics', true, vscode.ConfigurationTarget.Global);
  await api.diagnostics.whenIdle();
  const begun = performance.now();
  const document = await vscode.workspace.openTextDocument({ content: `${content}\n` });
  const openMs = performance.now() - begun;
  await api.diagnostics.whenIdle();
  for (;;) {
    const found = vscode.languages.getDiagnostics(document.uri).length;
    if (found > 0) {
      const firstScanMs = performance.now() - begun;
      return {
        bytes: Buffer.byteLength(content),
        lines,
        openMs,
        firstScanMs,
        diagnostics: found,
        keystrokeMs: await keystroke(document),
        keystrokeWithoutDiagnosticsMs,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One character typed in the middle of the 5 MB document: the edit's round trip, diagnostics on. */
async function keystroke(document: vscode.TextDocument): Promise<number> {
  const editor = await vscode.window.showTextDocument(document);
  const samples: number[] = [];
  for (let round = 0; round < 20; round++) {
    const line = Math.floor(document.lineCount / 2) + round;
    const begun = performance.now();
    await editor.edit((builder) => builder.insert(new vscode.Position(line, 0), 'к|'));
    samples.push(performance.now() - begun);
  }
  return median(samples);
}

export async function run(): Promise<void> {
  // Ours first: whichever activates first pays the host's warm-up, so the ratio errs against us.
  const ours = await activation('circassian.circassian');
  const minimal = await activation('bench.minimal');
  const api = vscode.extensions.getExtension<CircassianApi>('circassian.circassian')?.exports as CircassianApi;
  const trips = await roundTrips();
  const palochka = await palochkaScan(api);
  const translateFile = await translateFileRun();
  const hover = await hoverLatency();
  const file = process.env.CIRCASSIAN_BENCH_RESULTS;
  if (file) writeFileSync(file, JSON.stringify({ minimal, ours, trips, palochka, translateFile, hover }));
}
