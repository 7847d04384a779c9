// The preload that code-server's and Strapi's processes run under when a test starts them: it
// records every attempt to reach outside the machine, and nothing that stays on it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const PRELOAD = join(import.meta.dirname, '..', 'src', 'hosts', 'lib', 'outbound-guard.cjs');
let scratch: string | undefined;

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Runs `script` in a Node process under the preload; returns the lines it recorded. */
function recorded(script: string, allowed = ''): string[] {
  scratch = mkdtempSync(join(tmpdir(), 'circassian-outbound-test-'));
  const log = join(scratch, 'attempts.log');
  const result = spawnSync(process.execPath, ['--require', PRELOAD, '-e', script], {
    env: { ...process.env, CIRCASSIAN_OUTBOUND_LOG: log, CIRCASSIAN_OUTBOUND_ALLOWED: allowed },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status, result.stderr).toBe(0);
  try {
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

it('records a name lookup, a connection to an outside address and a fetch of an outside host', () => {
  const lines = recorded(`
    const dns = require('node:dns'), net = require('node:net');
    dns.lookup('gallery.example.invalid', () => {});
    dns.promises.lookup('promised.example.invalid').catch(() => {});
    net.connect({ host: '192.0.2.1', port: 9 }).on('error', () => {}).destroy();
    fetch('http://fetched.example.invalid/').catch(() => {}).finally(() => process.exit(0));
  `);
  expect(lines.join('\n')).toMatch(/^lookup gallery\.example\.invalid /m);
  expect(lines.join('\n')).toMatch(/^lookup promised\.example\.invalid /m);
  expect(lines.join('\n')).toMatch(/^connect 192\.0\.2\.1:9 /m);
  expect(lines.join('\n')).toMatch(/fetched\.example\.invalid/);
});

it('records nothing for loopback, localhost and the allowed service', () => {
  const lines = recorded(
    `
    const dns = require('node:dns'), net = require('node:net'), http = require('node:http');
    const server = http.createServer((_, res) => res.end('ok')).listen(0, '127.0.0.1', async () => {
      const { port } = server.address();
      dns.lookup('localhost', () => {});
      dns.lookup('service.example.test', () => {});
      net.connect(port, '127.0.0.1').on('error', () => {}).destroy();
      await fetch('http://127.0.0.1:' + port + '/');
      await fetch('http://localhost:' + port + '/');
      server.close();
    });
  `,
    'service.example.test',
  );
  expect(lines).toEqual([]);
});
