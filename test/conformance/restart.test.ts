/**
 * The start contract of issue 2 with `--data-dir`, as a user runs it: the `pnpm sandbox` launcher
 * as a process, stopped with SIGTERM while a speech job is in flight, started again on the same
 * directory and key. The job ends, its audio is served, and usage is where it was.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceFacts } from '@circassian/core';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from './http.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// `pnpm sandbox` resolves to this bin of the scripts package (a dependency of the root package).
const LAUNCHER = createRequire(import.meta.url).resolve('@circassian/scripts/bin/sandbox.js');
const KEY = 'ck_restart.s3cretpart';
const dir = mkdtempSync(join(tmpdir(), 'audit-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  readonly url: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function start(args: readonly string[], dataDir = dir): Promise<Started> {
  const child = spawn(process.execPath, [LAUNCHER, '--port', '0', '--key', KEY, '--rpm', '100000', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${String(code)} before it was ready`)));
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  return {
    url: (JSON.parse(line) as { url: string }).url,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return (await exited)[0];
    },
  };
}

describe('pnpm sandbox --data-dir, restarted with a job in flight', () => {
  it('finishes the job after the restart, serves its audio, and keeps the day’s usage', async () => {
    // A task far longer than the test: the job is still queued or running when SIGTERM comes.
    const first = await start(['--speech-job-ms', '600000']);
    const text = 'а'.repeat(serviceFacts.limits.speechSyncMaxChars + 1);
    const created = await request(first.url, '/v1/speech', { key: KEY, body: { text } });
    const { job_id: jobId } = created.json as { job_id: string };
    const before = (await request(first.url, '/v1/me', { key: KEY })).json as { usage: { requests: number; speech_seconds: number } };
    expect(await first.stop()).toBe(0);

    const second = await start(['--speech-job-ms', '20']);
    try {
      let job: { status: string; audio_url?: string };
      do {
        job = (await request(second.url, `/v1/jobs/${jobId}`, { key: KEY })).json as { status: string; audio_url?: string };
        expect(['queued', 'running', 'done']).toContain(job.status);
        if (job.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 20));
      } while (job.status !== 'done');
      const audio = await request(second.url, job.audio_url ?? '', { key: KEY });
      expect([audio.status, audio.headers.get('content-type')]).toEqual([200, 'audio/wav']);
      const after = (await request(second.url, '/v1/me', { key: KEY })).json as { usage: { requests: number; speech_seconds: number } };
      expect(after.usage.requests).toBeGreaterThan(before.usage.requests);
      expect(after.usage.speech_seconds).toBeCloseTo(before.usage.speech_seconds, 1);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

describe('pnpm sandbox --data-dir, killed with SIGKILL right after answers', () => {
  it('keeps what it answered: a job submitted, a key revoked, a limit changed', async () => {
    const killed = mkdtempSync(join(tmpdir(), 'audit-sigkill-'));
    try {
      const first = await start(['--speech-job-ms', '600000', '--admin-token', 'adm-sigkill'], killed);
      const admin = { authorization: 'Bearer adm-sigkill', 'content-type': 'application/json' };
      const newKey = async (name: string) =>
        (await (await fetch(`${first.url}/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ name }) })).json()) as {
          key: string;
          prefix: string;
        };
      const created = await newKey('doomed');
      const limited = await newKey('limited');
      const job = await request(first.url, '/v1/speech', {
        key: KEY,
        body: { text: 'а'.repeat(serviceFacts.limits.speechSyncMaxChars + 1) },
      });
      expect(job.status).toBe(200);
      expect((await fetch(`${first.url}/admin/keys/${created.prefix}`, { method: 'DELETE', headers: admin })).status).toBe(204);
      const patched = await fetch(`${first.url}/admin/keys/${limited.prefix}`, {
        method: 'PATCH',
        headers: admin,
        body: '{"limits":{"requests_per_day":99999}}',
      });
      expect(patched.status).toBe(200);
      expect(await first.stop('SIGKILL')).toBe(null);

      const second = await start(['--speech-job-ms', '20'], killed);
      try {
        expect((await request(second.url, '/v1/me', { key: created.key })).status).toBe(401);
        const me = (await request(second.url, '/v1/me', { key: limited.key })).json as { limits: { requests_per_day: number } };
        expect(me.limits.requests_per_day).toBe(99999);
        const { job_id: jobId } = job.json as { job_id: string };
        expect((await request(second.url, `/v1/jobs/${jobId}`, { key: KEY })).status).toBe(200);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    } finally {
      rmSync(killed, { recursive: true, force: true });
    }
  });
});
