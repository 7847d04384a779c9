import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import type { ErrorType } from '@circassian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../src/index.js';
import { jsonError, runCli } from './helpers/run-cli.js';
import { startTestService, type TestService } from './helpers/sandbox.js';

// One sentence over the synchronous limit: the speech memory sends it as one job (sentences apart
// would each be a short request, and a repeated one would be asked for once).
const LONG_TEXT = `${'Уи пщэддджыжь фӀыуэ, '.repeat(100)}фӀыуэ.`;

describe('circassian exit codes', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(async () => {
    await service.close();
  });

  // One fault per row; --retries 0 so a retryable type reaches the command on the first answer.
  it.each<{ error_type: ErrorType; code: number; hint: string }>([
    { error_type: 'invalid_request', code: 2, hint: 'retrying will not help' },
    { error_type: 'unauthorized', code: 3, hint: 'CIRCASSIAN_API_KEY or --key' },
    { error_type: 'rate_limited', code: 4, hint: 'retry after 60 seconds' },
    { error_type: 'quota_exceeded', code: 4, hint: 'daily limit' },
    { error_type: 'queue_timeout', code: 5, hint: 'retry later' },
    { error_type: 'upstream_unavailable', code: 5, hint: 'retry later' },
    { error_type: 'upstream_error', code: 5, hint: 'retry later' },
    { error_type: 'internal_error', code: 5, hint: 'retry later' },
    { error_type: 'not_found', code: 6, hint: 'expired' },
  ])('$error_type exits $code and says what to do', async ({ error_type, code, hint }) => {
    await service.admin.injectFault({ operation: 'translate', error_type, count: 1 });
    const run = await runCli(['translate', 'Good morning', '--to', 'kbd', '--retries', '0', '--json'], { env: service.env });
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    const { error } = jsonError(run);
    expect(error.type).toBe(error_type);
    expect(error.exit_code).toBe(code);
    expect(error.hint).toContain(hint);
  });

  it('a Retry-After beyond --max-wait ends the command at once with the time to wait', async () => {
    await service.admin.injectFault({ operation: 'detect', error_type: 'rate_limited', count: 1 });
    const run = await runCli(['detect', 'Good morning', '--max-wait', '5', '--json'], { env: service.env });
    expect(run.code).toBe(4);
    expect(jsonError(run).error).toMatchObject({ type: 'rate_limited', retry_after_seconds: 60 });
  });

  it('announces a retry on stderr and succeeds when the fault passes', async () => {
    await service.admin.injectFault({ operation: 'detect', error_type: 'upstream_error', count: 1 });
    const run = await runCli(['detect', 'Good morning'], { env: service.env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('en\n');
    expect(run.stderr).toMatch(/^circassian: .*upstream_error.*retry 1/mu);
  });

  it('prints the message and the hint as text without --json', async () => {
    await service.admin.injectFault({ operation: 'me', error_type: 'quota_exceeded', count: 1 });
    const run = await runCli(['me'], { env: service.env });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^circassian: error: .+\n {2}.*daily limit/u);
  });

  it('a revoked key exits 3 with where keys come from', async () => {
    const { key, prefix } = await service.admin.createKey({ name: 'cli-revoked' });
    const before = await runCli(['me'], { env: { ...service.env, CIRCASSIAN_API_KEY: key } });
    expect(before.code).toBe(0);
    await service.admin.revokeKey(prefix);
    const run = await runCli(['me'], { env: { ...service.env, CIRCASSIAN_API_KEY: key } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('keys are issued by the service owner');
  });

  it('an unknown speech job exits 6', async () => {
    const run = await runCli(['speak', '--job', 'no-such-job', '-o', '-'], { env: service.env });
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('expired');
  });

  it('a failed speech job exits 7 with its id and how to pick it up', async () => {
    await service.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    const run = await runCli(['speak', '-o', '-', '--json'], { env: service.env, input: LONG_TEXT });
    expect(run.code).toBe(7);
    const { error } = jsonError(run);
    expect(error.type).toBe('job_failed');
    expect(error.job_id).toBeDefined();
    expect(error.hint).toContain(`circassian speak --job ${error.job_id}`);
  });

  describe('against a service that answers nonsense', () => {
    let server: Server;
    let url: string;

    beforeAll(async () => {
      server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"not json'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('an answer the command cannot read exits 1 and asks for a report', async () => {
      const run = await runCli(['me', '--json'], { env: { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: url } });
      expect(run.code).toBe(1);
      expect(jsonError(run).error.hint).toContain('report');
    });
  });

  it('the README documents every exit code of the table', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| (\d+) \|/gmu)].map((match) => Number(match[1]));
    expect(documented).toEqual(EXIT_CODES.map((row) => row.code));
  });
});
