import { isCircassianError } from '@circassian/core';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useFront } from './front-server.js';
import { useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
const fronts = useFront(sandbox);

/** Everything of an error a program could print or ship to a log. */
function exposed(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  return [e.message, e.stack, JSON.stringify(error), inspect(error, { depth: 6 }), String(e.cause)].join('\n');
}

describe('the key never leaves the client', () => {
  it('keeps it out of the error, its JSON, its cause and the logger when a gateway echoes the request back', async () => {
    // A debugging gateway that answers 502 with the request it received, headers included.
    const front = await fronts.start((req, res) => {
      const echo = Object.entries(req.headers)
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join('\n');
      res.writeHead(502, { 'content-type': 'text/plain', 'x-echo-authorization': String(req.headers.authorization) }).end(echo);
    });
    const lines: string[] = [];
    const sink = (message: string, data?: Record<string, unknown>) => lines.push(message + JSON.stringify(data ?? {}));
    const client = fronts.client(front.url, { maxRetries: 1, logger: { debug: sink, info: sink, warn: sink, error: sink } });
    const error = await client.translate({ text: 'унэ', target_lang: 'ru' }).catch((e: unknown) => e);
    expect(isCircassianError(error)).toBe(true);
    expect(error).toMatchObject({ status: 502, operation: 'translate' });
    expect((error as Error).message).toContain('user-agent');
    const secret = sandbox.key.split('.')[1] ?? sandbox.key;
    expect(exposed(error)).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('keeps it out of a failure to connect', async () => {
    const error = await fronts
      .client('http://127.0.0.1:9', { maxRetries: 0 })
      .me()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ConnectionError', type: 'connection_error', operation: 'me' });
    expect(exposed(error)).not.toContain(sandbox.key.split('.')[1]);
  });

  it('keeps it out of the client object when printed', () => {
    const client = fronts.client(sandbox.url);
    expect(inspect(client, { depth: 6, showHidden: true }) + JSON.stringify(client)).not.toContain(sandbox.key.split('.')[1]);
  });
});
