// The one service client of this Strapi process, retrying per the interface and paced under this
// instance's share of the key's per-minute limit: the key's requests_per_minute (from `me()`)
// divided by the instances working on this database. Created lazily, so a Strapi without a key
// never builds one.
//
// Each pacer counts only its own client's calls: a client built anew starts with an empty minute,
// and the me() that reads the limit goes out before the paced client exists. So one request a
// minute of each share is left unused, for that me(); and the share is changed only when the
// number of instances changes (an instance joining or leaving mid-run may cost one minute a few
// rate_limited answers, which are retried).
import { CircassianClient, type ClientOptions } from '@circassian/core';
import { version } from '../../../package.json';
import type { Strapi } from '../strapi';
import type { ClientService } from '../types/services';
import { getService } from '../utils/get-service';

/** One instance's part of the key's per-minute limit: floor(limit / instances) less the one for me(), at least 1. */
export function shareOf(requestsPerMinute: number, instances: number): number {
  return Math.max(1, Math.floor(requestsPerMinute / Math.max(1, instances)) - 1);
}

export default ({ strapi }: { strapi: Strapi }): ClientService => {
  let client: CircassianClient | undefined;
  // Until the worker sets a share, the whole limit (read from me() on first use).
  let pacing: NonNullable<ClientOptions['pacing']> = true;
  let keyLimit: number | undefined;

  const build = (paced: NonNullable<ClientOptions['pacing']>): CircassianClient => {
    const { apiKey, baseUrl } = getService(strapi, 'settings').config();
    if (!apiKey) throw new Error('the Circassian plugin has no key (set CIRCASSIAN_API_KEY)');
    return new CircassianClient({
      apiKey,
      ...(baseUrl ? { baseUrl } : {}),
      appInfo: { name: 'circassian-strapi-plugin', version },
      pacing: paced,
      // A long Retry-After is not waited for inside a worker turn: the job is released and retried later.
      maxRetryDelayMs: 10_000,
      logger: { warn: (message) => strapi.log.warn(`[circassian] ${message}`) },
    });
  };

  return {
    get(): CircassianClient {
      client ??= build(pacing);
      return client;
    },

    /**
     * Paces this instance at its share of the key's limit among `instances`. When the share
     * changes the client is closed and the next get() builds one with the new pacing, so the
     * worker calls this between turns, when none of its calls is in flight.
     */
    async share(instances: number): Promise<void> {
      if (keyLimit === undefined) {
        const probe = build(false);
        try {
          keyLimit = (await probe.me()).limits.requests_per_minute;
        } finally {
          await probe.close();
        }
      }
      const requestsPerMinute = shareOf(keyLimit, instances);
      if (typeof pacing === 'object' && pacing.requestsPerMinute === requestsPerMinute) return;
      await this.close();
      pacing = { requestsPerMinute };
      strapi.log.info(
        `[circassian] pacing at ${requestsPerMinute} requests per minute: ${instances} instance(s) share the key's ${keyLimit}`,
      );
    },

    async close(): Promise<void> {
      await client?.close();
      client = undefined;
    },
  };
};
