// A body over the service's limit ends in an answer every client can read: the 422 saying so. The
// client runs in a process of its own, as in the field: in the sandbox's own process, the two take
// turns on one event loop and the server never closes the socket while the body is still arriving.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

/**
 * Posts `megabytes` of JSON text to /v1/translate `times` times, one after another, with Node's fetch
 * in a child process: one "status body" or "failed: reason" line each.
 */
async function fetchFromAnotherProcess(url: string, key: string, megabytes: number, times: number): Promise<string[]> {
  const script = `
    const [url, key, megabytes, times] = process.argv.slice(1);
    const body = JSON.stringify({ text: 'x'.repeat(Number(megabytes) * 1024 * 1024), target_lang: 'ru' });
    const post = () => fetch(url + '/v1/translate', { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' }, body })
      .then(async (answer) => answer.status + ' ' + (await answer.text()), (error) => 'failed: ' + error.message + ' ' + (error.cause?.code ?? ''));
    (async () => { for (let run = 0; run < Number(times); run++) console.log(await post()); })();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, url, key, String(megabytes), String(times)]);
  return stdout.trim().split('\n');
}

describe('a request body over the limit', () => {
  it("ends in a readable 422 for a fetch client still sending it (6 MB, three times: each was 'fetch failed', EPIPE)", async () => {
    const answers = await fetchFromAnotherProcess(sandbox.url, sandbox.key, 6, 3);
    expect(answers).toHaveLength(3);
    for (const answer of answers) {
      expect(answer).toMatch(/^422 /);
      expect(JSON.parse(answer.slice(4))).toMatchObject({
        error: { type: 'invalid_request', message: expect.stringMatching(/too large/) },
      });
    }
    // The connection was kept and the service serves on.
    expect(await sandbox.client().me()).toMatchObject({ prefix: sandbox.key.split('.')[0] });
  });
});
