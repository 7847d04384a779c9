import pkg from '../../package.json' with { type: 'json' };
import type { ClientOptions } from '../options.js';

/** `@circassian/core/0.1.0 (node 20.20.0; linux) my-plugin/1.2.0 (+https://...)`: plugins identify themselves. */
export function buildUserAgent(options: Pick<ClientOptions, 'appInfo' | 'userAgent'>): string {
  if (options.userAgent !== undefined) return options.userAgent;
  const proc = (globalThis as { process?: { version?: string; platform?: string } }).process;
  const runtime = proc?.version === undefined ? 'unknown runtime' : `node ${proc.version.replace(/^v/, '')}; ${proc.platform ?? 'unknown'}`;
  let agent = `${pkg.name}/${pkg.version} (${runtime})`;
  const app = options.appInfo;
  if (app !== undefined) {
    agent += ` ${app.name}${app.version === undefined ? '' : `/${app.version}`}${app.url === undefined ? '' : ` (+${app.url})`}`;
  }
  return agent;
}
