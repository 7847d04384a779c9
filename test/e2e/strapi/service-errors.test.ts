// The service's refusals, met while an admin waits, answered in Strapi's standard error shape
// with the editor's words and the service's type in `details` (one mapping, used by every
// controller that calls the service): "Translate into this locale" with the day's characters
// spent, and "Test connection" with the key refused (the refusal also kept for the settings page).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedStrapi, type ServiceUnderTest } from './shared-strapi.js';
import { StrapiClient, queueSettled, type StrapiErrorBody } from './strapi-fixture.js';

describe("Strapi admin routes: the service's errors as Strapi's own", () => {
  let sandbox: ServiceUnderTest;
  let strapi: StrapiClient;
  let documentId: string;

  beforeAll(async () => {
    const shared = await sharedStrapi();
    sandbox = shared.sandbox;
    strapi = new StrapiClient(shared.ready);
    // The queue quiet, then paused: the article's own translation waits, so the only calls are the ones below.
    await queueSettled(strapi);
    expect((await strapi.plugin('POST', '/queue/pause')).status).toBe(200);
    documentId = (await strapi.createArticle({ title: 'Статья для ошибок службы' }, { publish: false })).documentId;
  });

  // The shared host and service as the next file expects them: no fault left waiting, the queue running.
  afterEach(async () => {
    await sandbox.admin.clearFaults();
  });
  afterAll(async () => {
    expect((await strapi.plugin('POST', '/queue/resume')).status).toBe(200);
  });

  it('answers "Translate into this locale" with a 429 RateLimitError naming the spent allowance', async () => {
    await sandbox.admin.injectFault({ operation: 'batch', error_type: 'quota_exceeded', count: 1 });
    const answer = await strapi.plugin<StrapiErrorBody>('POST', `${strapi.entryPath(documentId)}/preview`, { locale: 'kbd' });
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({
      data: null,
      error: {
        status: 429,
        name: 'RateLimitError',
        message: "Today's translation allowance of the key is used up. Work continues automatically after the daily reset.",
        details: { type: 'quota_exceeded' },
      },
    });
  });

  it('answers "Test connection" with the key refused as an ApplicationError, and keeps the refusal for the settings page', async () => {
    await sandbox.admin.injectFault({ operation: 'me', error_type: 'unauthorized', count: 1 });
    const answer = await strapi.plugin<StrapiErrorBody>('POST', '/settings/test-connection');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      status: 400,
      name: 'ApplicationError',
      message: 'The translation service did not accept the key. Ask your administrator to check the Circassian key.',
      details: { type: 'unauthorized' },
    });
    const settings = await strapi.plugin<{ key: { ok: boolean; error: string } }>('GET', '/settings');
    expect(settings.body.key).toMatchObject({ ok: false, error: answer.body.error.message });
    // Once the service accepts the key again, the next press says so.
    const again = await strapi.plugin<{ key: { ok: boolean; name: string } }>('POST', '/settings/test-connection');
    expect(again.status).toBe(200);
    expect(again.body.key).toMatchObject({ ok: true, name: 'sandbox' });
  });
});
