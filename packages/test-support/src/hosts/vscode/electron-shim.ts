// What the shim executable does. @vscode/test-electron launches "VS Code" with Electron-style
// flags (`--extensionDevelopmentPath=...`, `--extensionTestsPath=...`, a folder); no desktop VS Code
// exists here, so this starts code-server with the smoke-test driver, opens the workbench in
// Chromium with both paths in the URL's payload, relays the test output, and exits with the code
// the workbench reports through `codeAutomationExit` (shared/notes/real-hosts.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../lib/browser.js';
import { log } from '../lib/log.js';
import { startCodeServer } from './code-server.js';
import { installVscodeHost } from './install.js';

/**
 * How long the run may go without a word from the workbench (its test output, relayed below) before
 * it counts as hung: a slow run on a busy machine keeps talking, however long it takes in all.
 */
const SILENCE_MS = 5 * 60_000;

interface ShimArguments {
  readonly developmentPaths: string[];
  readonly testsPath: string | undefined;
  readonly folder: string | undefined;
  /** `--install-extension X.vsix`, as the VS Code CLI takes it: installed before the start. */
  readonly vsix: string[];
}

export function parseElectronArguments(argv: readonly string[]): ShimArguments {
  const developmentPaths: string[] = [];
  let testsPath: string | undefined;
  let folder: string | undefined;
  const vsix: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => inline ?? (argv[++index] as string);
    if (flag === '--extensionDevelopmentPath') developmentPaths.push(resolve(value()));
    else if (flag === '--extensionTestsPath') testsPath = resolve(value());
    else if (flag === '--folder-uri') folder = new URL(value()).pathname;
    else if (flag === '--install-extension') vsix.push(resolve(value()));
    else if (!arg.startsWith('-')) folder = resolve(arg);
    // Every other Electron flag (--no-sandbox, --disable-updates, ...) means nothing here.
  }
  return { developmentPaths, testsPath, folder, vsix };
}

const remote = (path: string): string => `vscode-remote://remote${path}`;

export async function runElectronShim(argv: readonly string[]): Promise<number> {
  const { developmentPaths, testsPath, folder: given, vsix } = parseElectronArguments(argv);
  const installation = await installVscodeHost();
  const folder = given ?? mkdtempSync(join(tmpdir(), 'circassian-vscode-test-folder-'));
  const server = await startCodeServer({
    installation,
    vsix,
    extraArgs: ['--vscode-option', 'enable-smoke-test-driver'],
    name: 'code-server(test)',
  });
  const browser = await launchChromium();
  // runTests stops "VS Code" with SIGINT on Ctrl+C: code-server runs in its own process group, so
  // it is stopped here rather than left behind.
  const onSignal = (signal: NodeJS.Signals): void => {
    log(`${signal}: stopping the extension test run`);
    void browser
      .close()
      .catch(() => undefined)
      .then(() => server.stop())
      .then(() => {
        if (!given) rmSync(folder, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const page = await browser.newPage();
    let settle: (code: number) => void = () => {};
    const exited = new Promise<number>((resolveExit) => (settle = resolveExit));
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = (): void => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        log(`the extension tests said nothing for ${SILENCE_MS / 60_000} minutes`);
        settle(124);
      }, SILENCE_MS).unref();
    };
    heard();
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      heard();
      const line = (Array.isArray(args) ? args : [args]).map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ');
      (type === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => settle(Number(code)));
    const payload: Array<[string, string]> = [
      ...developmentPaths.map((path): [string, string] => ['extensionDevelopmentPath', remote(path)]),
      ...(testsPath ? [['extensionTestsPath', remote(testsPath)] as [string, string]] : []),
    ];
    const url = `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    // The run's own exit is what counts, not the page's load event (past Playwright's 30 s on a busy machine).
    await page.goto(url, { waitUntil: 'commit' });
    const code = await exited;
    clearTimeout(silence);
    return code;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await browser.close().catch(() => undefined);
    await server.stop();
    if (!given) rmSync(folder, { recursive: true, force: true });
  }
}
