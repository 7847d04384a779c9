// The hosts `pnpm host` knows, loaded only when asked for (each pulls in its own install code).
import type { HostDefinition } from './types.js';

export const HOST_LOADERS: Readonly<Record<string, () => Promise<HostDefinition>>> = {
  vscode: async () => (await import('./vscode/index.js')).default,
  wordpress: async () => (await import('./wordpress/index.js')).default,
  strapi: async () => (await import('./strapi/index.js')).default,
};

export const HOST_NAMES = Object.keys(HOST_LOADERS);

export async function loadHost(name: string): Promise<HostDefinition> {
  const loader = HOST_LOADERS[name];
  if (!loader) throw new Error(`unknown host "${name}"; one of: ${HOST_NAMES.join(', ') || '(none yet)'}`);
  return loader();
}
