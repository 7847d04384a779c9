/**
 * The extension in the real extension host (code-server, through pnpm vscode-test's harness),
 * beside baselines measured in the same run: first activation and bundle load time and bundle
 * size against a minimal extension bundled the same way (goals: activation under 2x, bundle under
 * 200 KB); a translate round trip through the command against the client alone on the same
 * service (goal: the extension adds under 5 ms); the first palochka scan of a 5 MB document.
 * Run: `pnpm bench extension`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { startSandbox } from '@circassian/sandbox';
import { run } from '@circassian/scripts/hosts/lib/processes.js';
import { buildExtension, EXTENSION_DIR } from '@circassian/scripts/hosts/vscode/package-extension.js';
import { runInExtensionHost } from '@circassian/scripts/hosts/vscode/vscode-test.js';

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(2)} ms`;

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
    let code: number;
    try {
      code = await runInExtensionHost({
        testsModule: inHost,
        service: { url: sandbox.url, key: sandbox.key },
        extensionDevelopmentPath: ours,
        installExtensions: [minimalVsix],
        env: { CIRCASSIAN_BENCH_RESULTS: resultsFile },
      });
    } finally {
      await sandbox.close();
    }
    if (code !== 0) throw new Error(`the in-host benchmark failed (exit ${code})`);
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      minimal: { activateMs: number; loadMs: number };
      ours: { activateMs: number; loadMs: number };
      trips: { commandMs: number; clientMs: number; clientAndEditMs: number };
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
    console.log('bundle size               circassian %s   minimal %s   (goal: under 200 KB)', kb(oursSize), kb(minimalSize));
    console.log(
      'first activation          circassian %s   minimal %s   ratio %sx (goal: under 2x)',
      ms(results.ours.activateMs),
      ms(results.minimal.activateMs),
      (results.ours.activateMs / results.minimal.activateMs).toFixed(2),
    );
    console.log('bundle load (median)      circassian %s   minimal %s', ms(results.ours.loadMs), ms(results.minimal.loadMs));
    const { commandMs, clientMs, clientAndEditMs } = results.trips;
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
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
