// Starting code-server (the real VS Code server and extension host) in a scratch directory of its
// own: settings, extensions, XDG folders and TMPDIR all inside it, so nothing lands in the home
// folder or /tmp and two runs never share state. Used by `pnpm host vscode` and the test shim.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboundGuardEnv } from '../lib/outbound.js';
import { freePort, run, startService, waitForHttp, type Service } from '../lib/processes.js';
import type { VscodeInstallation } from './install.js';

/** User settings that keep an offline code-server quiet (see shared/notes/real-hosts.md). */
export const OFFLINE_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'update.mode': 'none',
  'remote.autoForwardPorts': false,
  'chat.disableAIFeatures': true,
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
};

export interface CodeServerOptions {
  readonly installation: VscodeInstallation;
  /** Extra user settings (never the key). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Extra environment of the server and its extension host (the key goes here). */
  readonly env?: NodeJS.ProcessEnv;
  readonly port?: number | undefined;
  /** `.vsix` files installed before the start. */
  readonly vsix?: readonly string[];
  /** Extra code-server flags (e.g. `--vscode-option enable-smoke-test-driver`). */
  readonly extraArgs?: readonly string[];
  /** The workspace folder opened by default. */
  readonly folder?: string;
  /** Where code-server's output goes (default: our stderr with a prefix). */
  readonly name?: string;
  /**
   * Workspace trust enforced as in desktop VS Code: a folder opens in Restricted Mode until the
   * user trusts it (VS Code asks at the first start). Off by default: tests and the playground run
   * with trust disabled, which every extension sees as a trusted workspace.
   */
  readonly workspaceTrust?: boolean;
  /** Addresses outside the machine code-server may reach (the service's); anything else is recorded for the tests. */
  readonly allowedUrls?: readonly string[];
}

export interface RunningCodeServer {
  readonly url: string;
  readonly port: number;
  /** The scratch directory (user data, extensions, XDG folders). */
  readonly scratch: string;
  readonly userDataDir: string;
  readonly service: Service;
  stop(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const scratch = mkdtempSync(join(tmpdir(), 'circassian-code-server-'));
  const userDataDir = join(scratch, 'user-data');
  const extensionsDir = join(scratch, 'extensions');
  const configFile = join(scratch, 'config.yaml');
  for (const dir of ['config', 'data', 'cache', 'tmp', 'user-data/User', 'extensions']) mkdirSync(join(scratch, dir), { recursive: true });
  const trust = options.workspaceTrust ? { 'security.workspace.trust.enabled': true } : {};
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    `${JSON.stringify({ ...OFFLINE_SETTINGS, ...trust, ...options.settings }, null, 2)}\n`,
  );
  writeFileSync(configFile, 'auth: none\ncert: false\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    XDG_CONFIG_HOME: join(scratch, 'config'),
    XDG_DATA_HOME: join(scratch, 'data'),
    XDG_CACHE_HOME: join(scratch, 'cache'),
    TMPDIR: join(scratch, 'tmp'),
    // No extension gallery: code-server's default (open-vsx.org) would be queried on every workbench
    // load, a request leaving the machine (the tests and the playground install from .vsix files).
    // An empty object is parsed as the product's gallery, which then has no serviceUrl: disabled.
    EXTENSIONS_GALLERY: '{}',
    ...outboundGuardEnv(options.allowedUrls),
    // Lets a test inside the extension host find the settings files (to prove the key is not in them).
    CIRCASSIAN_CODE_SERVER_USER_DATA: userDataDir,
    ...options.env,
  };
  const { nodeBinary, codeServerEntry } = options.installation;
  const common = ['--config', configFile, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  for (const vsix of options.vsix ?? []) {
    await run(nodeBinary, [codeServerEntry, ...common, '--install-extension', vsix, '--force'], { env });
  }
  const port = options.port ?? (await freePort());
  const service = startService(
    options.name ?? 'code-server',
    nodeBinary,
    [
      codeServerEntry,
      ...common,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      ...(options.extraArgs ?? []),
      ...(options.folder ? [options.folder] : []),
    ],
    { env },
  );
  const stop = async (): Promise<void> => {
    await service.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, { service, timeoutMs: 60_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, scratch, userDataDir, service, stop };
}
