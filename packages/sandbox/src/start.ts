import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxAdmin } from './admin/client.js';
import { randomToken } from './auth/secrets.js';
import { withDefaultLimits } from './limits/defaults.js';
import { DEFAULTS, type SandboxOptions } from './options.js';
import { closeIdleConnectionsAfterReading, KEEP_ALIVE_MS } from './http/keep-alive.js';
import { createRequestListener } from './server.js';
import { SandboxService } from './service.js';

export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** The startup key, `PREFIX.SECRET`. */
  readonly key: string;
  readonly adminToken: string;
  /** A client of the admin controls, bound to this sandbox. */
  readonly admin: SandboxAdmin;
  /** Stops listening, drops open connections, stops speech and writes the state (with a data directory). */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 1000;

/** Starts the local service and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const service = new SandboxService(options);
  const adminToken = options.adminToken ?? `adm_${randomToken(32)}`;
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, createRequestListener(service, adminToken));
  closeIdleConnectionsAfterReading(server);
  const host = options.host ?? DEFAULTS.host;
  let key: string;
  try {
    ({ key } = service.issueKey({
      name: options.keyName ?? DEFAULTS.keyName,
      limits: withDefaultLimits(options.limits),
      content_logging: true,
      key: options.key,
    }));
    await service.saved();
    await listen(server, host, options.port ?? DEFAULTS.port);
  } catch (error) {
    // The data directory is let go (a malformed key, a taken port), so the caller can try again with it.
    await service.close().catch(() => {});
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  service.logger.info(`Circassian sandbox listening on ${url}`);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive connections go now; calls in flight get a moment to finish.
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
    }).finally(() => service.close());
    return closing;
  };
  return { url, host, port, key, adminToken, admin: new SandboxAdmin(url, adminToken), close };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
