import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long the service keeps an idle connection open for a client's next request. Node announces it
 * on every kept-alive answer (`Keep-Alive: timeout=5`); a client keeps a connection less long than
 * that (undici: 2 s less), so it never sends on one the service has closed.
 */
export const KEEP_ALIVE_MS = 5_000;

/**
 * Closes a connection idle past KEEP_ALIVE_MS only once the event loop has read what arrived on it
 * meanwhile. Node's own close runs among the timers, before any new data is read: a service whose
 * loop was blocked past the timeout (a busy machine) closed connections on which a client had sent
 * its next request in good time, and the client got `other side closed` (ECONNRESET) for a request
 * the service never read, which for a POST it cannot safely send again.
 */
export function closeIdleConnectionsAfterReading(server: Server): void {
  const requestsOn = new WeakMap<Socket, number>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    requestsOn.set(socket, (requestsOn.get(socket) ?? 0) + 1);
    res.once('close', () => requestsOn.set(socket, (requestsOn.get(socket) ?? 1) - 1));
  });
  // With a listener here Node leaves the idle connection open on its timeout; the server's own
  // inactivity timeout (server.timeout) is off, so only the keep-alive timeout comes here.
  server.on('timeout', (socket: Socket) => {
    setImmediate(() => {
      if (!socket.destroyed && (requestsOn.get(socket) ?? 0) === 0) socket.destroy();
    });
  });
}
