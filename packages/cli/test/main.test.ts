import { describe, expect, it } from 'vitest';
import vectors from '@circassian/core/testing/palochka-vectors.json' with { type: 'json' };
import { main, type CliIo } from '../src/index.js';

/** An in-memory terminal: what `main` printed, and stdin as given (a TTY when `input` is undefined). */
function memoryIo(input: string | undefined, env: Record<string, string> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const stdin = Object.assign(
    (async function* () {
      if (input !== undefined) yield new TextEncoder().encode(input);
    })(),
    { isTTY: input === undefined },
  );
  const io: CliIo = {
    stdin,
    stdout: { write: (chunk) => stdout.push(String(chunk)) > 0 },
    stderr: { write: (chunk) => stderr.push(String(chunk)) > 0 },
    env,
    cwd: process.cwd(),
  };
  return { io, stdout, stderr };
}

describe('main(argv, io) in-process', () => {
  it('reads stdin and writes stdout through the injected streams', async () => {
    const { io, stdout, stderr } = memoryIo('к1уэ');
    expect(await main(['palochka'], io)).toBe(0);
    expect(stdout.join('')).toBe('к\u04C0уэ');
    expect(stderr).toEqual([]);
  });

  it.each(vectors.filter((vector) => vector.input.length > 0))('palochka fixes $input as the shared vector says', async (vector) => {
    const { io, stdout } = memoryIo(vector.input);
    expect(await main(['palochka'], io)).toBe(0);
    expect(stdout.join(''), vector.why).toBe(vector.expected);
  });

  it('refuses to wait on a terminal when no text was given', async () => {
    const { io, stderr } = memoryIo(undefined, { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' });
    expect(await main(['detect'], io)).toBe(2);
    expect(stderr.join('')).toContain('pass it as an argument or pipe it on stdin');
  });

  it('reads the key from the injected environment only', async () => {
    const { io, stderr } = memoryIo('hello', { CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' });
    expect(await main(['detect', '--json'], io)).toBe(3);
    expect(JSON.parse(stderr.join('')) as unknown).toMatchObject({ error: { type: 'missing_key', exit_code: 3 } });
  });

  it('ends an aborted request with exit code 130', async () => {
    const { io, stderr } = memoryIo(undefined, { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' });
    const code = await main(['detect', 'hello', '--retries', '0'], io, { signal: AbortSignal.abort() });
    expect(code).toBe(130);
    expect(stderr.join('')).toContain('interrupted');
  });
});
