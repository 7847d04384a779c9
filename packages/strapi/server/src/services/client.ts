// The one service client of this Strapi process: paced under the key's per-minute limit (read
// from `me()`), retrying per the interface. Created lazily, so a Strapi without a key never builds one.
import { CircassianClient } from '@circassian/core';
import type { Strapi } from '../strapi';
import { getService } from './get-service';

export default ({ strapi }: { strapi: Strapi }) => {
  let client: CircassianClient | undefined;
  return {
    get(): CircassianClient {
      if (client) return client;
      const { apiKey, baseUrl } = getService(strapi, 'settings').config();
      if (!apiKey) throw new Error('the Circassian plugin has no key (set CIRCASSIAN_API_KEY)');
      client = new CircassianClient({
        apiKey,
        ...(baseUrl ? { baseUrl } : {}),
        appInfo: { name: 'circassian-strapi-plugin', version: '0.1.0' },
        pacing: true,
        // A long Retry-After is not waited for inside a worker turn: the job is released and retried later.
        maxRetryDelayMs: 10_000,
        logger: { warn: (message) => strapi.log.warn(`[circassian] ${message}`) },
      });
      return client;
    },
    async close(): Promise<void> {
      await client?.close();
      client = undefined;
    },
  };
};
