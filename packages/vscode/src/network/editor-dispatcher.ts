// The client's requests go through the editor's own network stack: Node's `http` and `https`,
// which VS Code patches in the extension host to honour `http.proxy`, `http.proxyStrictSSL`,
// `http.noProxy`, proxy authentication and the system's certificates, read afresh for every
// request. So the extension bundles no HTTP client of its own (undici was two thirds of the
// bundle) and needs no proxy code. Imported as bare `http`/`https`: those are the names the
// extension host intercepts. Failures carry the codes the core client reads (RequestDispatcher).
import * as http from 'http';
import * as https from 'https';
import type { DispatchOptions, DispatchResponse, RequestDispatcher } from '@circassian/core';

type TimeoutCode = 'UND_ERR_CONNECT_TIMEOUT' | 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT';

class DispatchTimeoutError extends Error {
  constructor(
    readonly code: TimeoutCode,
    message: string,
  ) {
    super(message);
    this.name = 'DispatchTimeoutError';
  }
}

function send(options: DispatchOptions): Promise<DispatchResponse> {
  return new Promise((resolve, reject) => {
    // origin + path, not new URL(path, origin): a path is sent as the client made it.
    const url = new URL(`${options.origin}${options.path}`);
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: options.method,
      headers: options.headers,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const headersTimer = setTimeout(() => {
      // A request that has no connected socket yet was never written: the client may send it again.
      const connected = request.socket !== null && request.socket !== undefined && !request.socket.connecting;
      const code: TimeoutCode = connected ? 'UND_ERR_HEADERS_TIMEOUT' : 'UND_ERR_CONNECT_TIMEOUT';
      request.destroy(new DispatchTimeoutError(code, `No answer within ${options.headersTimeout} ms`));
    }, options.headersTimeout);
    request.on('response', (response) => {
      clearTimeout(headersTimer);
      // The socket's idle timer is the gap between two chunks; the agent resets it when the
      // connection goes back to its pool.
      response.setTimeout(options.bodyTimeout, () =>
        response.destroy(new DispatchTimeoutError('UND_ERR_BODY_TIMEOUT', `The answer paused for over ${options.bodyTimeout} ms`)),
      );
      resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
    });
    request.on('error', (error) => {
      clearTimeout(headersTimer);
      reject(error);
    });
    request.end(options.body ?? undefined);
  });
}

export const editorDispatcher: RequestDispatcher = { request: send };
