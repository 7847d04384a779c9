// The plugin's config for the service tests: the Article translated from Russian into Kabardian and
// English, its title read aloud in Kabardian, against a local service started in-process.
import type { RunningSandbox } from '@circassian/sandbox';
import type { ContentTypeSettings, PluginConfig } from '../../server/src/config/schema';
import type { Job } from '../../server/src/types/jobs';
import type { FakeStrapi } from './fake-strapi';
import { ARTICLE_UID } from './fake-strapi';

export const articleConfig = (sandbox: RunningSandbox, overrides: Partial<ContentTypeSettings> = {}): Partial<PluginConfig> => ({
  apiKey: sandbox.key,
  baseUrl: sandbox.url,
  contentTypes: {
    [ARTICLE_UID]: {
      sourceLocale: 'ru',
      targetLocales: ['kbd', 'en'],
      fields: { views: 'copy' },
      audio: [{ from: 'title', to: 'audio', locales: ['kbd'] }],
      ...overrides,
    },
  },
  queue: { claimSize: 200, leaseMs: 60_000, pollMs: 20, maxAttempts: 3 },
});

/** Queues a job for the Article `documentId` in `locale` and claims it, as the worker would. */
export async function claimedJob(strapi: FakeStrapi, documentId: string, locale: string, kind: Job['kind'] = 'translate'): Promise<Job> {
  await strapi.service('queue').enqueue({ kind, contentType: ARTICLE_UID, entryDocumentId: documentId, locale });
  const claimed = await strapi.service('queue').claim(200);
  const job = claimed.find((candidate) => candidate.entryDocumentId === documentId && candidate.locale === locale);
  if (!job) throw new Error(`no ${kind} job of ${documentId} (${locale}) was claimed`);
  return job;
}
