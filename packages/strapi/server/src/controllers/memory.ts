// The translation memory on the settings page: its units per language pair (by origin), TMX out
// (a download, streamed from the database) and in (the request body, streamed into it, up to
// MEMORY_IMPORT_MAX_BYTES), and clearing one pair. The counts are status (the read permission);
// export, import and clear take the memory's own permission (routes/index.ts says why).
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { errors } from '@strapi/utils';
import { isTranslationLanguage, MEMORY_ORIGINS, type MemoryOrigin } from '@circassian/core';
import type { Strapi } from '../strapi';
import type { MemoryOverview } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { MEMORY_IMPORT_MAX_BYTES } from '../constants';
import { exportTmx, importLimitWords, importTmx, TmxImportError } from '../utils/memory-transfer';
import { ACTIONS } from '../permissions';
import { asker, mayDo, type Context } from './context';

/** The parts of Koa's context the TMX routes use beyond the JSON ones. */
export interface StreamContext extends Context {
  req: AsyncIterable<Uint8Array>;
  request: Context['request'] & { files?: { files?: UploadedFile | UploadedFile[] }; headers?: Record<string, string | undefined> };
  set(name: string, value: string): void;
  attachment(filename: string): void;
}

/** A file Strapi's body parser wrote to disk from a multipart form (the settings page's file picker). */
export interface UploadedFile {
  filepath: string;
  size?: number;
  originalFilename?: string | null;
}

/** The settings page's file, where the request is a multipart form. */
export const uploadedFile = (ctx: StreamContext): UploadedFile | undefined => {
  const uploaded = ctx.request.files?.files;
  return Array.isArray(uploaded) ? uploaded[0] : uploaded;
};

/** The TMX's size as the request says it (the uploaded file's, else the body's Content-Length), where it does. */
const declaredSize = (ctx: StreamContext): number | undefined => {
  const size = uploadedFile(ctx)?.size ?? Number(ctx.request.headers?.['content-length']);
  return Number.isFinite(size) ? size : undefined;
};

/**
 * The TMX as a stream: the settings page's file (already on disk: read from there), a text body
 * Strapi parsed (`text/xml`, small by its limit), or the raw request (`application/xml`,
 * `application/x-tmx+xml`), never held whole.
 */
function tmxBody(ctx: StreamContext): AsyncIterable<string | Uint8Array> | Iterable<string> {
  const file = uploadedFile(ctx);
  if (file) return createReadStream(file.filepath, { highWaterMark: 64 * 1024 });
  if (typeof ctx.request.body === 'string') return [ctx.request.body];
  return ctx.req;
}

export default ({ strapi }: { strapi: Strapi }) => {
  const memory = () => getService(strapi, 'memory');

  return {
    async overview(ctx: Context) {
      ctx.body = { stats: await memory().stats(), mayManage: mayDo(ctx, ACTIONS.memory) } satisfies MemoryOverview;
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
      // Refused before a byte is read where the request says its size; a body that does not is cut off at the limit.
      if ((declaredSize(ctx) ?? 0) > MEMORY_IMPORT_MAX_BYTES)
        throw new errors.PayloadTooLargeError(
          `The file is larger than an import reads (${importLimitWords(MEMORY_IMPORT_MAX_BYTES)}): split it into smaller files. Nothing was imported.`,
        );
      try {
        const outcome = await importTmx(memory(), tmxBody(ctx), MEMORY_IMPORT_MAX_BYTES);
        strapi.log.info(`[circassian] ${asker(ctx)} imported ${outcome.read} translation memory units (${outcome.stored} new or changed)`);
        ctx.body = outcome;
      } catch (error) {
        if (error instanceof TmxImportError)
          throw error.tooLarge
            ? new errors.PayloadTooLargeError(error.message, { ...error.outcome })
            : new errors.ValidationError(error.message, { ...error.outcome });
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
