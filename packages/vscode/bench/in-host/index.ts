// Runs INSIDE the extension host (through pnpm vscode-test's harness) for extension.bench.ts:
// first activation and bundle load time of the extension beside a minimal one, the time the
// extension adds to a translate round trip over the client alone, and the first palochka scan
// of a 5 MB document. Writes its figures as JSON to CIRCASSIAN_BENCH_RESULTS.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { CircassianClient } from '@circassian/core';
import type { CircassianApi } from '../../src/extension';

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

async function roundTrips(): Promise<{ commandMs: number; clientMs: number; clientAndEditMs: number }> {
  const client = new CircassianClient({ appInfo: { name: 'bench' } });
  const text = 'Сэ сыкIуэнущ, уи пщэддджыжь фIыуэ.';
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: text }));
  const command: number[] = [];
  const alone: number[] = [];
  const withEdit: number[] = [];
  for (let round = 0; round < ROUND_TRIPS + 5; round++) {
    editor.selection = new vscode.Selection(0, 0, 0, text.length);
    const begun = performance.now();
    const outcome = (await vscode.commands.executeCommand('circassian.translateSelection', { target: 'ru' })) as { status: string };
    const commandMs = performance.now() - begun;
    if (outcome.status !== 'ok') throw new Error(`translateSelection: ${JSON.stringify(outcome)}`);
    await vscode.commands.executeCommand('undo');
    const clientBegun = performance.now();
    await client.translateBatch({ texts: [text], target_lang: 'ru' });
    const clientMs = performance.now() - clientBegun;
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
    }
  }
  await client.close();
  return { commandMs: median(command), clientMs: median(alone), clientAndEditMs: median(withEdit) };
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
  const file = process.env.CIRCASSIAN_BENCH_RESULTS;
  if (file) writeFileSync(file, JSON.stringify({ minimal, ours, trips, palochka }));
}
