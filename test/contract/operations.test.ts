import { readFile } from 'node:fs/promises';
import { TRANSLATION_LANGUAGES, serviceFacts } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

describe('the client against the local service', () => {
  it('serves exactly the OpenAPI document the types are generated from', async () => {
    const served = await sandbox.client().request('GET', '/openapi.json');
    const shared: unknown = JSON.parse(await readFile(new URL('../../shared/openapi/openapi.json', import.meta.url), 'utf8'));
    expect(served).toEqual(shared);
  });

  it('describes its key with me()', async () => {
    const me = await sandbox.client().me();
    expect(me.prefix).toBe(sandbox.key.split('.')[0]);
    for (const name of serviceFacts.keyLimitNames) expect(typeof me.limits[name]).toBe('number');
    expect(typeof me.content_logging).toBe('boolean');
  });

  it('translates with the spec field names and reports both languages', async () => {
    const result = await sandbox.client().translate({ text: 'Сэ сыадыгэщ', source_lang: 'kbd', target_lang: 'ru' });
    expect(result).toMatchObject({ source_lang: 'kbd', target_lang: 'ru' });
    expect(result.text.length).toBeGreaterThan(0);
  });

  it('detects, looks up words and lists languages and voices', async () => {
    const client = sandbox.client();
    expect(TRANSLATION_LANGUAGES).toContain((await client.detect({ text: 'Сэ сыадыгэщ' })).language);
    expect(typeof (await client.dictionary({ word: 'унэ', dialect: 'kbd', lang: 'ru' }))).toBe('object');
    const voices = await client.voices();
    expect(voices.voices.map((v) => v.id)).toEqual(expect.arrayContaining(serviceFacts.voices.map((v) => v.id)));
    expect(typeof (await client.languages())).toBe('object');
  });

  it('percent-encodes job ids, so a crafted id stays a job lookup', async () => {
    const error = await sandbox
      .client()
      .getJob('../me')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404, jobId: '../me', operation: 'jobs' });
  });
});
