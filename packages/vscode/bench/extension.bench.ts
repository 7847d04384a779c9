/**
 * The extension in the real extension host (code-server, through pnpm vscode-test's harness),
 * beside baselines measured in the same run: first activation and bundle load time and bundle
 * size against a minimal extension bundled the same way and against the same extension built with
 * undici as its transport, as it was before (goals: activation under 2x, bundle under 200 KB); a
 * translate round trip through the command against the client alone on the same service (goal:
 * the extension adds under 5 ms); the first palochka scan of a 5 MB document; Translate File on a
 * 2,000-entry JSON localisation file (requests against the batch lower bound, characters sent
 * against the file's translatable characters, wall time against the key's per-minute limit);
 * hover latency against the client's own round trip.
 * Run: `pnpm bench extension`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { serviceFacts } from '@circassian/core/facts';
import { characterCount } from '@circassian/core/text';
import { startSandbox } from '@circassian/sandbox';
import { run } from '@circassian/test-support/hosts/lib/processes.js';
import { buildExtension, EXTENSION_DIR } from '@circassian/test-support/hosts/vscode/package-extension.js';
import { runInExtensionHost } from '@circassian/test-support/hosts/vscode/vscode-test.js';

import { localisationFile } from './localisation-file';

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(2)} ms`;
const FILE_ENTRIES = 2_000;

/**
 * undici as the extension bundled it before its requests went through the editor's http: the
 * dispatcher with its request API, Agent and ProxyAgent, and only the plain-WebAssembly parser.
 */
const undiciAsBefore: Plugin = {
  name: 'undici-as-before',
  setup(builder) {
    builder.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'undici-as-before' }));
    builder.onLoad({ filter: /.*/, namespace: 'undici-as-before' }, () => ({
      loader: 'js',
      resolveDir: EXTENSION_DIR,
      contents: `
        const Dispatcher = require('undici/lib/dispatcher/dispatcher');
        Object.assign(Dispatcher.prototype, require('undici/lib/api'));
        module.exports = {
          Dispatcher,
          Agent: require('undici/lib/dispatcher/agent'),
          ProxyAgent: require('undici/lib/dispatcher/proxy-agent'),
          errors: require('undici/lib/core/errors'),
        };`,
    }));
    builder.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => ({ path: join(args.resolveDir, '..', 'llhttp', 'llhttp-wasm.js') }));
  },
};

// packages/vscode is CommonJS (the extension's own format), so no top-level await here.
async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'circassian-vscode-bench-'));
  try {
    await buildExtension();
    // The real extension, copied without activation events so the benchmark triggers its activation.
    const ours = join(scratch, 'ours');
    mkdirSync(join(ours, 'dist'), { recursive: true });
    cpSync(join(EXTENSION_DIR, 'dist', 'extension.js'), join(ours, 'dist', 'extension.js'));
    cpSync(join(EXTENSION_DIR, 'package.nls.json'), join(ours, 'package.nls.json'));
    cpSync(join(EXTENSION_DIR, 'media'), join(ours, 'media'), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(ours, 'package.json'), JSON.stringify({ ...manifest, activationEvents: [] }));
    // The minimal extension, bundled with the same options.
    const minimal = join(scratch, 'minimal');
    await build({
      entryPoints: [join(import.meta.dirname, 'minimal', 'extension.ts')],
      outfile: join(minimal, 'dist', 'extension.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      minify: true,
      logLevel: 'warning',
    });
    writeFileSync(
      join(minimal, 'package.json'),
      JSON.stringify({
        name: 'minimal',
        publisher: 'bench',
        version: '0.0.0',
        engines: { vscode: '^1.90.0' },
        main: './dist/extension.js',
        activationEvents: [],
        contributes: { commands: [{ command: 'benchMinimal.hello', title: 'Hello' }] },
      }),
    );
    writeFileSync(join(minimal, 'README.md'), '# minimal\n\nThe baseline extension of the benchmark.\n');
    // The same extension with undici bundled as its transport, as it was built before (size only).
    const withUndici = join(scratch, 'with-undici', 'extension.js');
    await build({
      entryPoints: [join(EXTENSION_DIR, 'src', 'extension.ts')],
      outfile: withUndici,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      conditions: ['node'],
      minify: true,
      logLevel: 'error',
      plugins: [undiciAsBefore],
    });
    // The workspace: a 2,000-entry localisation file for Translate File.
    const workspace = join(scratch, 'workspace');
    mkdirSync(workspace);
    const localisation = localisationFile(FILE_ENTRIES);
    writeFileSync(join(workspace, 'en.json'), localisation.json);
    // Installed from a .vsix beside the development copy of ours (one development path per run).
    const minimalVsix = join(scratch, 'minimal.vsix');
    await run(
      process.execPath,
      [
        join(EXTENSION_DIR, 'node_modules', '@vscode', 'vsce', 'vsce'),
        'package',
        '--no-dependencies',
        '--allow-missing-repository',
        '--skip-license',
        '-o',
        minimalVsix,
      ],
      { cwd: minimal },
    );
    // The code that measures, run inside the extension host.
    const inHost = join(scratch, 'in-host.js');
    await build({
      entryPoints: [join(import.meta.dirname, 'in-host', 'index.ts')],
      outfile: inHost,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      logLevel: 'warning',
    });

    const limits = { requests_per_minute: 1_000_000, requests_per_day: 1_000_000, translate_chars_per_day: 100_000_000 };
    const sandbox = await startSandbox({ limits });
    const resultsFile = join(scratch, 'results.json');
    // Translate File runs with a key of the service's default limits (the per-minute limit is a figure below).
    const fileKey = await sandbox.admin.createKey({ name: 'bench-translate-file' });
    let code: number;
    let batchCalls: Awaited<ReturnType<typeof sandbox.admin.calls>>;
    try {
      code = await runInExtensionHost({
        testsModule: inHost,
        service: { url: sandbox.url, key: sandbox.key },
        folder: workspace,
        extensionDevelopmentPath: ours,
        installExtensions: [minimalVsix],
        env: { CIRCASSIAN_BENCH_RESULTS: resultsFile, CIRCASSIAN_BENCH_FILE_KEY: fileKey.key },
      });
      batchCalls = await sandbox.admin.calls({ key: fileKey.prefix, operation: 'batch', limit: 10_000 });
    } finally {
      await sandbox.close();
    }
    if (code !== 0) throw new Error(`the in-host benchmark failed (exit ${code})`);
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      minimal: { activateMs: number; loadMs: number };
      ours: { activateMs: number; loadMs: number };
      trips: { commandMs: number; clientMs: number; clientAndEditMs: number; undiciClientMs: number };
      translateFile: { wallMs: number; created: string };
      hover: { hoverMs: number; clientMs: number; editorMs: number };
      palochka: {
        bytes: number;
        lines: number;
        openMs: number;
        firstScanMs: number;
        diagnostics: number;
        keystrokeMs: number;
        keystrokeWithoutDiagnosticsMs: number;
      };
    };
    const oursSize = statSync(join(ours, 'dist', 'extension.js')).size;
    const minimalSize = statSync(join(minimal, 'dist', 'extension.js')).size;
    console.log(
      'bundle size               circassian %s   with undici as before %s   minimal %s   (goal: under 200 KB)',
      kb(oursSize),
      kb(statSync(withUndici).size),
      kb(minimalSize),
    );
    console.log(
      'first activation          circassian %s   minimal %s   ratio %sx (goal: under 2x)',
      ms(results.ours.activateMs),
      ms(results.minimal.activateMs),
      (results.ours.activateMs / results.minimal.activateMs).toFixed(2),
    );
    console.log('bundle load (median)      circassian %s   minimal %s', ms(results.ours.loadMs), ms(results.minimal.loadMs));
    const { commandMs, clientMs, clientAndEditMs, undiciClientMs } = results.trips;
    console.log(
      'translate round trip      command %s   client alone %s   added %s (goal: under 5 ms)',
      ms(commandMs),
      ms(clientMs),
      ms(commandMs - clientMs),
    );
    console.log(
      '                          client + one editor.edit %s   added by the extension beyond that edit %s',
      ms(clientAndEditMs),
      ms(commandMs - clientAndEditMs),
    );
    console.log("                          the client alone through undici instead of the editor's http %s", ms(undiciClientMs));
    const palochka = results.palochka;
    console.log(
      'palochka, 5 MB document   %s, %d lines: opening it %s; open to published diagnostics %s (%d published)',
      kb(palochka.bytes),
      palochka.lines,
      ms(palochka.openMs),
      ms(palochka.firstScanMs),
      palochka.diagnostics,
    );
    console.log(
      '                          one keystroke with diagnostics %s   without (setting off) %s',
      ms(palochka.keystrokeMs),
      ms(palochka.keystrokeWithoutDiagnosticsMs),
    );
    printTranslateFile(localisation.values, batchCalls, results.translateFile, fileKey.limits.requests_per_minute);
    const { hoverMs, clientMs: hoverClientMs, editorMs } = results.hover;
    console.log(
      "hover translation         hover %s   client alone %s   the editor's hover with translation off %s   added by ours %s",
      ms(hoverMs),
      ms(hoverClientMs),
      ms(editorMs),
      ms(hoverMs - hoverClientMs - editorMs),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Translate File's figures from the service's own records of the key's batch calls. */
function printTranslateFile(
  values: readonly string[],
  calls: ReadonlyArray<{ outcome: string; content?: { request: unknown } }>,
  run: { wallMs: number; created: string },
  perMinute: number,
): void {
  const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
  const fileCharacters = values.reduce((sum, text) => sum + characterCount(text), 0);
  const lowerBound = Math.max(Math.ceil(values.length / batchMaxTexts), Math.ceil(fileCharacters / batchMaxChars));
  const sent = calls.flatMap((call) => (call.content?.request as { texts?: string[] } | undefined)?.texts ?? []);
  const sentCharacters = sent.reduce((sum, text) => sum + characterCount(text), 0);
  const failed = calls.filter((call) => call.outcome !== 'ok').length;
  const written = Object.values(JSON.parse(readFileSync(run.created, 'utf8')) as Record<string, Record<string, string>>).flatMap((screen) =>
    Object.values(screen),
  );
  // What the per-minute limit allows: its first minute's requests at once, each further minute's after it.
  const floorMs = Math.max(0, Math.ceil(calls.length / perMinute) - 1) * 60_000;
  console.log(
    'translate file, %d entries   requests %d (%d failed)   batch lower bound %d (%d texts of at most %d, %d characters of at most %d)',
    values.length,
    calls.length,
    failed,
    lowerBound,
    values.length,
    batchMaxTexts,
    fileCharacters,
    batchMaxChars,
  );
  console.log(
    "                          characters sent %d   the file's translatable characters %d   (%s%d: placeholders go as marks ⟦n⟧)   %d texts sent, %d written",
    sentCharacters,
    fileCharacters,
    sentCharacters >= fileCharacters ? '+' : '',
    sentCharacters - fileCharacters,
    sent.length,
    written.length,
  );
  console.log(
    '                          wall time %s   the per-minute limit (%d) allows these %d requests in %s',
    ms(run.wallMs),
    perMinute,
    calls.length,
    floorMs === 0 ? 'its first minute (no wait)' : `${floorMs / 1000} s at the least`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
