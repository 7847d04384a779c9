import { serviceFacts } from '@circassian/core';
import { wavDurationSeconds } from '@circassian/core/wav';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useFront } from './front-server.js';
import { useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
const fronts = useFront(sandbox);
const longText = 'Дыгъэр къыщіэкіащ, уафэр къабзэщ. '.repeat(Math.ceil(serviceFacts.limits.speechSyncMaxChars / 30));

/**
 * A gateway that passes calls to the sandbox but drops `X-Audio-Duration` and lets `rewriteJob`
 * change done jobs: the other places a duration may come from are then the only ones.
 */
function durationGateway(rewriteJob: (job: Record<string, unknown>) => Record<string, unknown>) {
  return async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const answer = await fetch(`${sandbox.url}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' },
      ...(req.method === 'POST' ? { body } : {}),
    });
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => !['x-audio-duration', 'content-length', 'content-encoding'].includes(name)),
    );
    let bytes = Buffer.from(await answer.arrayBuffer());
    if (req.url?.startsWith('/v1/jobs/')) {
      const job = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
      if (job.status === 'done') bytes = Buffer.from(JSON.stringify(rewriteJob(job)));
    }
    res.writeHead(answer.status, headers).end(bytes);
  };
}

function withoutDuration(job: Record<string, unknown>): Record<string, unknown> {
  const { duration_seconds: _, ...rest } = job;
  return rest;
}

describe('where the duration of speech comes from', () => {
  it('reads the WAV header when immediate audio comes without X-Audio-Duration', async () => {
    const front = await fronts.start((req, res, body) => void durationGateway((job) => job)(req, res, body));
    const result = await fronts.client(front.url).speech({ text: 'Уи пщэддджыжь фӀыуэ' });
    expect(result.jobId).toBeUndefined();
    expect(result.durationSeconds).toBeGreaterThan(0);
    expect(result.durationSeconds).toBe(wavDurationSeconds(result.audio));
  });

  it.each([
    ['duration', '12.5'],
    ['audio_duration', 12.5],
    ['duration_sec', 12.5],
    ['durationSeconds', 12.5],
    ['duration_ms', 12_500],
  ])('takes the done job field %s (%s)', async (field, value) => {
    const front = await fronts.start(
      (req, res, body) => void durationGateway((job) => ({ ...withoutDuration(job), [field]: value }))(req, res, body),
    );
    const result = await fronts.client(front.url).speech({ text: longText });
    expect(result.jobId).toBeDefined();
    expect(result.durationSeconds).toBe(12.5);
  });

  it('falls back to the WAV header when neither the audio nor the job states a duration', async () => {
    const front = await fronts.start((req, res, body) => void durationGateway(withoutDuration)(req, res, body));
    const result = await fronts.client(front.url).speech({ text: longText });
    expect(result.jobId).toBeDefined();
    expect(result.durationSeconds).toBe(wavDurationSeconds(result.audio));
  });
});
