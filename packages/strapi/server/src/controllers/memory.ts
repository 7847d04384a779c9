// The translation memory on the settings page: its units per language pair (by origin), TMX out
// (a download, streamed from the database) and in (the request body, streamed into it), and
// clearing one pair. Behind the settings permission, as the settings routes are.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { errors } from '@strapi/utils';
import { isTranslationLanguage, MEMORY_ORIGINS, type MemoryOrigin } from '@circassian/core';
import type { Strapi } from '../strapi';
import type { MemoryOverview } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { exportTmx, importTmx, TmxImportError } from '../utils/memory-transfer';
import { asker, type Context } from './context';

/** The parts of Koa's context the TMX routes use beyond the JSON ones. */
export interface StreamContext extends Context {
  req: AsyncIterable<Uint8Array>;
  request: Context['request'] & { files?: { files?: UploadedFile | UploadedFile[] } };
  set(name: string, value: string): void;
  attachment(filename: string): void;
}

/** A file Strapi's body parser wrote to disk from a multipart form (the settings page's file picker). */
interface UploadedFile {
  filepath: string;
}

/**
 * The TMX as a stream: the settings page's file (already on disk: read from there), a text body
 * Strapi parsed (`text/xml`, small by its limit), or the raw request (`application/xml`,
 * `application/x-tmx+xml`), never held whole.
 */
function tmxBody(ctx: StreamContext): AsyncIterable<string | Uint8Array> | Iterable<string> {
  const uploaded = ctx.request.files?.files;
  const file = Array.isArray(uploaded) ? uploaded[0] : uploaded;
  if (file) return createReadStream(file.filepath, { highWaterMark: 64 * 1024 });
  if (typeof ctx.request.body === 'string') return [ctx.request.body];
  return ctx.req;
}

export default ({ strapi }: { strapi: Strapi }) => {
  const memory = () => getService(strapi, 'memory');

  return {
    async overview(ctx: Context) {
      ctx.body = { stats: await memory().stats() } satisfies MemoryOverview;
    },

    async exportTmx(ctx: StreamContext) {
      const origin = ctx.query?.origin;
      if (origin !== undefined && !MEMORY_ORIGINS.includes(origin as MemoryOrigin))
        throw new errors.ValidationError(`origin must be one of ${MEMORY_ORIGINS.join(', ')}; got ${JSON.stringify(origin)}`);
      // attachment() sets the type from the file name, which no mime table knows: the type goes after it.
      ctx.attachment(`circassian-memory${origin ? `-${String(origin)}` : ''}.tmx`);
      ctx.set('Content-Type', 'application/x-tmx+xml; charset=utf-8');
      ctx.body = Readable.from(exportTmx(memory(), origin as MemoryOrigin | undefined));
    },

    async importTmx(ctx: StreamContext) {
      try {
        const outcome = await importTmx(memory(), tmxBody(ctx));
        strapi.log.info(`[circassian] ${asker(ctx)} imported ${outcome.read} translation memory units (${outcome.stored} new or changed)`);
        ctx.body = outcome;
      } catch (error) {
        if (error instanceof TmxImportError) throw new errors.ValidationError(error.message, { ...error.outcome });
        throw error;
      }
    },

    async clear(ctx: Context) {
      const { source, target } = (ctx.request.body ?? {}) as { source?: unknown; target?: unknown };
      if (!isTranslationLanguage(source) || !isTranslationLanguage(target))
        throw new errors.ValidationError('Name the language pair to clear: { "source": "ru", "target": "kbd" }.');
      const removed = await memory().clear({ source, target });
      strapi.log.info(`[circassian] ${asker(ctx)} cleared ${removed} translation memory units of ${source} into ${target}`);
      ctx.body = { removed };
    },
  };
};
