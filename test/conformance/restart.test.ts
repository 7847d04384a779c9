/**
 * The start contract of issue 2 with `--data-dir`, as a user runs it: the `pnpm sandbox` launcher
 * as a process, stopped with SIGTERM while a speech job is in flight, started again on the same
 * directory and key. The job ends, its audio is served, and usage is where it was.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceFacts } from '@circassian/core';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from './http.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LAUNCHER = fileURLToPath(new URL('../../scripts/bin/sandbox.js', import.meta.url));
const KEY = 'ck_restart.s3cretpart';
const dir = mkdtempSync(join(tmpdir(), 'audit-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  readonly url: string;
  stop(): Promise<number | null>;
}

async function start(args: readonly string[]): Promise<Started> {
  const child = spawn(process.execPath, [LAUNCHER, '--port', '0', '--key', KEY, '--rpm', '100000', '--data-dir', dir, ...args], {
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
    async stop() {
      child.kill('SIGTERM');
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
