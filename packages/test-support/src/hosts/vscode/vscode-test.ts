// `pnpm vscode-test <abs path to a CommonJS module exporting run(): Promise<void>> [--service-url URL --key KEY]`:
// runs that module inside the real extension host (code-server, through the shim and
// @vscode/test-electron's runTests) with the extension built from source loaded and the key in
// the environment. Without --service-url a local service is started. Exit 0 only if run() resolved.
import { isAbsolute, join } from 'node:path';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { log } from '../lib/log.js';
import { OUTBOUND_LOG_ENV, outboundRecord } from '../lib/outbound.js';
import { buildExtension, EXTENSION_DIR } from './package-extension.js';

export const SHIM_PATH = join(import.meta.dirname, 'shim', 'code');

export interface ExtensionTestRun {
  readonly testsModule: string;
  readonly service: { readonly url: string; readonly key: string };
  /** A folder to open (default: an empty scratch folder). */
  readonly folder?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** The extension to load from source instead of packages/vscode (the benchmark loads a copy). */
  readonly extensionDevelopmentPath?: string;
  /** `.vsix` files installed beside it. */
  readonly installExtensions?: readonly string[];
}

/**
 * Runs `testsModule` in the extension host; resolves with the exit code (0: run() resolved, and
 * code-server tried to reach nothing outside the machine, see outbound.ts).
 */
export async function runInExtensionHost({
  testsModule,
  service,
  folder,
  env,
  extensionDevelopmentPath,
  installExtensions = [],
}: ExtensionTestRun): Promise<number> {
  if (!extensionDevelopmentPath) await buildExtension();
  const launchArgs = [...installExtensions.flatMap((vsix) => ['--install-extension', vsix]), ...(folder ? [folder] : [])];
  const record = outboundRecord();
  const previous = process.env[OUTBOUND_LOG_ENV];
  // runTests hands this process's environment to the shim, whose code-server then records.
  process.env[OUTBOUND_LOG_ENV] = record.file;
  try {
    const code = await run();
    const attempts = record.attempts();
    if (attempts.length === 0) return code;
    log(`code-server tried to reach outside the machine:\n${attempts.join('\n')}`);
    return code === 0 ? 1 : code;
  } finally {
    if (previous === undefined) delete process.env[OUTBOUND_LOG_ENV];
    else process.env[OUTBOUND_LOG_ENV] = previous;
    record.remove();
  }

  async function run(): Promise<number> {
    try {
      return await runTests({
        vscodeExecutablePath: SHIM_PATH,
        extensionDevelopmentPath: extensionDevelopmentPath ?? EXTENSION_DIR,
        extensionTestsPath: testsModule,
        // Our own scratch profile (code-server.ts), not .vscode-test in the working directory.
        reuseMachineInstall: true,
        launchArgs,
        extensionTestsEnv: { ...env, CIRCASSIAN_API_KEY: service.key, CIRCASSIAN_BASE_URL: service.url },
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return typeof code === 'number' && code !== 0 ? code : 1;
    }
  }
}

/** The command line of `pnpm vscode-test`; resolves with the exit code. */
export async function vscodeTestMain(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { 'service-url': { type: 'string' }, key: { type: 'string' }, folder: { type: 'string' } },
    allowPositionals: true,
  });
  const testsModule = positionals[0];
  if (!testsModule || !isAbsolute(testsModule) || positionals.length > 1) {
    process.stderr.write(
      'Usage: pnpm vscode-test <absolute path to a CommonJS module exporting run()> [--service-url URL --key KEY] [--folder DIR]\n',
    );
    return 2;
  }
  let sandbox: RunningSandbox | undefined;
  let service: { url: string; key: string };
  if (values['service-url']) {
    const key = values.key ?? process.env.CIRCASSIAN_API_KEY;
    if (!key) {
      process.stderr.write('--service-url needs --key KEY (or CIRCASSIAN_API_KEY)\n');
      return 2;
    }
    service = { url: values['service-url'].replace(/\/+$/, ''), key };
  } else {
    sandbox = await startSandbox({ logger: { info: () => {}, warn: log } });
    service = { url: sandbox.url, key: sandbox.key };
    log(`local service at ${sandbox.url}`);
  }
  try {
    return await runInExtensionHost({ testsModule, service, ...(values.folder ? { folder: values.folder } : {}) });
  } finally {
    await sandbox?.close();
  }
}
