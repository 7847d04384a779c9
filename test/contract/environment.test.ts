// The client reads its key and address from the environment when the code gives none (core's
// `readEnv`), and what the code gives wins: checked against a real service, which says whose key came.
import { CircassianClient } from '@circassian/core';
import { useSandbox } from '@circassian/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the key and address from the environment', () => {
  const sandbox = useSandbox();

  it('are used when the code gives none', async () => {
    const created = await sandbox.admin.createKey({ name: 'from-the-environment' });
    process.env.CIRCASSIAN_API_KEY = created.key;
    process.env.CIRCASSIAN_BASE_URL = sandbox.url;
    const client = new CircassianClient();
    try {
      expect((await client.me()).name).toBe('from-the-environment');
      const [call] = await sandbox.calls('me', created.key);
      expect(call?.key).toBe(created.prefix);
    } finally {
      await client.close();
    }
  });

  it('give way to options given in code', async () => {
    process.env.CIRCASSIAN_API_KEY = 'wrong.key';
    process.env.CIRCASSIAN_BASE_URL = 'http://127.0.0.1:1';
    const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
    try {
      expect((await client.me()).prefix).toBe(sandbox.key.split('.')[0]);
    } finally {
      await client.close();
    }
  });
});
