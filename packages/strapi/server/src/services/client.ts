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
//
// A share that changes leaves the old client to finish any call still in flight (its pool closes
// its idle sockets by itself) rather than closing it under that call.
import { CircassianClient, type ClientOptions } from '@circassian/core';
import type { Strapi } from '../strapi';
import { getService } from './get-service';

/** One instance's part of the key's per-minute limit: floor(limit / instances) less the one for me(), at least 1. */
export function shareOf(requestsPerMinute: number, instances: number): number {
  return Math.max(1, Math.floor(requestsPerMinute / Math.max(1, instances)) - 1);
}

export default ({ strapi }: { strapi: Strapi }) => {
  let client: CircassianClient | undefined;
  // Until the worker sets a share, the whole limit (read from me() on first use).
  let pacing: NonNullable<ClientOptions['pacing']> = true;
  // One read of the key's limit; a failed read is tried again on the next turn.
  let keyLimit: Promise<number> | undefined;

  const build = (paced: NonNullable<ClientOptions['pacing']>): CircassianClient => {
    const { apiKey, baseUrl } = getService(strapi, 'settings').config();
    if (!apiKey) throw new Error('the Circassian plugin has no key (set CIRCASSIAN_API_KEY)');
    return new CircassianClient({
      apiKey,
      ...(baseUrl ? { baseUrl } : {}),
      appInfo: { name: 'circassian-strapi-plugin', version: '0.1.0' },
      pacing: paced,
      // A long Retry-After is not waited for inside a worker turn: the job is released and retried later.
      maxRetryDelayMs: 10_000,
      logger: { warn: (message) => strapi.log.warn(`[circassian] ${message}`) },
    });
  };

  const readKeyLimit = async (): Promise<number> => {
    const probe = build(false);
    try {
      return (await probe.me()).limits.requests_per_minute;
    } finally {
      await probe.close();
    }
  };

  return {
    get(): CircassianClient {
      client ??= build(pacing);
      return client;
    },

    /**
     * Paces this instance at its share of the key's limit among `instances`. When the share
     * changes, the next get() builds a client with the new pacing; calls in flight end on the old one.
     */
    async share(instances: number): Promise<void> {
      keyLimit ??= readKeyLimit().catch((error: unknown) => {
        keyLimit = undefined; // read again on the next turn
        throw error;
      });
      const limit = await keyLimit;
      const requestsPerMinute = shareOf(limit, instances);
      if (typeof pacing === 'object' && pacing.requestsPerMinute === requestsPerMinute) return;
      client = undefined;
      pacing = { requestsPerMinute };
      strapi.log.info(`[circassian] pacing at ${requestsPerMinute} requests per minute: ${instances} instance(s) share the key's ${limit}`);
    },

    async close(): Promise<void> {
      await client?.close();
      client = undefined;
    },
  };
};
