// `pnpm host vscode [--service-url URL --key KEY] [--port N] [--folder DIR] [--workspace-trust]`: code-server with the
// extension installed from its `.vsix`, pointed at the service (the address as a user setting, the
// key in the server's environment as CIRCASSIAN_API_KEY, never in a settings file); workspace trust
// is disabled unless --workspace-trust enforces it. Ready line:
// `{"url": "...", "folder": "/abs/workspace"}`.
import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { log } from '../lib/log.js';
import type { HostDefinition } from '../types.js';
import { startCodeServer } from './code-server.js';
import { installVscodeHost } from './install.js';
import { packageExtension } from './package-extension.js';
import { createSampleWorkspace } from './workspace.js';

const vscodeHost: HostDefinition = {
  name: 'vscode',
  summary:
    'code-server (VS Code in the browser) with the Circassian extension installed from its .vsix. Flags: --folder DIR (the workspace; default: a new folder with a sample file), --workspace-trust (the folder opens in Restricted Mode until trusted, as in desktop VS Code).',
  flags: { folder: { type: 'string' }, 'workspace-trust': { type: 'boolean' } },
  checkFlags({ folder }) {
    if (typeof folder === 'string' && !(existsSync(folder) && statSync(folder).isDirectory()))
      throw new Error(`--folder ${folder} is not a directory`);
  },
  async install() {
    await installVscodeHost();
  },
  async start({ service, port, flags, onStop }) {
    let folder: string;
    if (typeof flags.folder === 'string') {
      folder = resolve(flags.folder);
    } else {
      folder = createSampleWorkspace();
      onStop(() => rmSync(folder, { recursive: true, force: true }));
    }
    const installation = await installVscodeHost();
    const vsix = await packageExtension();
    const server = await startCodeServer({
      installation,
      vsix: [vsix],
      port,
      folder,
      settings: { 'circassian.baseUrl': service.url },
      env: { CIRCASSIAN_API_KEY: service.key },
      workspaceTrust: flags['workspace-trust'] === true,
      allowedUrls: [service.url],
    });
    onStop(() => server.stop());
    log(`code-server at ${server.url} (extension from ${vsix})`);
    return { url: `${server.url}/?folder=${encodeURIComponent(folder)}`, folder };
  },
};

export default vscodeHost;
