// Through Strapi's Document Service, in-process (createStrapi().load() on the built test app):
// a relation is linked to the related entry's version in the target locale, or left out where
// that locale has none; numbers, dates and enumerations are copied; a skipped field stays empty.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApp } from '@circassian/scripts/hosts/strapi/install.js';
import { waitFor, startSandbox, type RunningSandbox } from './strapi-fixture.js';
import { pseudoTranslate } from '@circassian/sandbox/testing';

interface DocumentsApi {
  create(params: Record<string, unknown>): Promise<{ documentId: string }>;
  update(params: Record<string, unknown>): Promise<unknown>;
  findOne(params: Record<string, unknown>): Promise<Record<string, unknown> | null>;
}
interface LoadedStrapi {
  documents(uid: string): DocumentsApi;
  destroy(): Promise<void>;
}

describe('Strapi Document Service: relations and copied fields', () => {
  let sandbox: RunningSandbox;
  let strapi: LoadedStrapi;
  let workDir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    sandbox = await startSandbox();
    const appDir = await installApp();
    workDir = mkdtempSync(join(tmpdir(), 'circassian-strapi-ds-'));
    mkdirSync(join(workDir, 'public', 'uploads'), { recursive: true });
    Object.assign(process.env, {
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      APP_KEYS: 'a,b',
      ADMIN_JWT_SECRET: 'test-admin-jwt',
      API_TOKEN_SALT: 'test-salt',
      TRANSFER_TOKEN_SALT: 'test-transfer',
      JWT_SECRET: 'test-jwt',
      ENCRYPTION_KEY: 'test-encryption-key',
      DATABASE_FILENAME: join(workDir, 'data.db'),
      PUBLIC_DIR: join(workDir, 'public'),
      CIRCASSIAN_BASE_URL: sandbox.url,
      CIRCASSIAN_API_KEY: sandbox.key,
      CIRCASSIAN_QUEUE_POLL_MS: '200',
    });
    const { createStrapi } = createRequire(join(appDir, 'package.json'))('@strapi/strapi') as {
      createStrapi(options: { appDir: string; distDir: string }): { load(): Promise<LoadedStrapi> };
    };
    strapi = await createStrapi({ appDir, distDir: join(appDir, 'dist') }).load();
  });

  afterAll(async () => {
    // Strapi's destroy() ends with process.removeAllListeners(), which would cut the test runner's
    // own channel to this worker: its listeners are put back afterwards.
    const listeners = process.eventNames().map((name) => [name, process.listeners(name as 'message')] as const);
    await strapi?.destroy();
    for (const [name, handlers] of listeners)
      for (const handler of handlers) if (!process.listeners(name as 'message').includes(handler)) process.on(name as 'message', handler);
    await sandbox?.close();
    process.env = saved;
    rmSync(workDir, { recursive: true, force: true });
  });

  it('links the target locale version of a related entry, or leaves the link out', async () => {
    const authors = strapi.documents('api::author.author');
    const author = await authors.create({ locale: 'ru', data: { name: 'Иван' } });
    await authors.update({ documentId: author.documentId, locale: 'kbd', data: { name: 'Иуан' } });

    const notes = strapi.documents('api::note.note');
    const note = await notes.create({
      locale: 'ru',
      data: {
        text: 'Заметка о погоде',
        author: author.documentId,
        rating: 5,
        day: '2026-01-02',
        mood: 'busy',
        internal: 'только для своих',
      },
    });
    const translated = (locale: string) =>
      waitFor(`the ${locale} note`, async () => {
        const entry = await notes.findOne({ documentId: note.documentId, locale, populate: ['author'] });
        return typeof entry?.text === 'string' && entry.text.startsWith(`[${locale}]`) ? entry : undefined;
      });

    const kbd = await translated('kbd');
    expect(kbd.text).toBe(pseudoTranslate('Заметка о погоде', 'ru', 'kbd'));
    expect((kbd.author as { documentId: string; name: string } | null)?.name).toBe('Иуан');
    expect(kbd).toMatchObject({ rating: 5, day: '2026-01-02', mood: 'busy', internal: null });

    const en = await translated('en');
    expect(en.author).toBeNull();
    expect(en).toMatchObject({ rating: 5, mood: 'busy' });
  });
});
