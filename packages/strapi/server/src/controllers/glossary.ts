// The glossary on the settings page (Settings > Circassian > Glossary): its entries listed, one
// added, edited or deleted, a TBX or CSV file imported (read whole first: a file that is not valid
// says why and changes nothing) and the glossary exported. All behind the memory's own permission
// (routes/index.ts): like a memory unit, an entry changes what every translation of every content
// type gets back.
import { readFile } from 'node:fs/promises';
import { errors } from '@strapi/utils';
import { GlossaryError, type GlossaryEntry } from '@circassian/core/glossary';
import type { Strapi } from '../strapi';
import type { GlossaryList } from '../../../shared/contracts/admin-api';
import { GLOSSARY_IMPORT_MAX_BYTES } from '../constants';
import { getService } from '../utils/get-service';
import { glossaryPair } from '../services/glossary';
import { unitIdOf } from './bodies';
import { asker, type Context } from './context';
import { uploadedFile, type StreamContext } from './memory';

/** A format named by the request (`tbx`, `csv`) or by the file's name; TBX when neither says. */
const formatOf = (named: unknown, fileName: string | null | undefined): 'tbx' | 'csv' => {
  if (named === 'csv' || named === 'tbx') return named;
  if (named !== undefined && named !== '') throw new errors.ValidationError(`format must be tbx or csv; got ${JSON.stringify(named)}`);
  return /\.csv$/iu.test(fileName ?? '') ? 'csv' : 'tbx';
};

/** Core's refusal of an entry or a file as Strapi's 400, its reason as the message. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GlossaryError) throw new errors.ValidationError(error.message);
    throw error;
  }
}

/** The entry a request body holds: the fields core reads, nothing else. */
const entryFromBody = (body: unknown): GlossaryEntry => {
  const given = (body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof given[name] === 'string' ? (given[name] as string) : '');
  return {
    sourceLang: text('sourceLang') as GlossaryEntry['sourceLang'],
    targetLang: text('targetLang') as GlossaryEntry['targetLang'],
    type: text('type') as GlossaryEntry['type'],
    source: text('source'),
    target: text('target'),
    ...(text('note') ? { note: text('note') } : {}),
    ...(text('partOfSpeech') ? { partOfSpeech: text('partOfSpeech') } : {}),
    ...(given.caseSensitive === true ? { caseSensitive: true } : {}),
    ...(given.stem === true ? { stem: true } : {}),
  };
};

export default ({ strapi }: { strapi: Strapi }) => {
  const glossary = () => getService(strapi, 'glossary');
  const log = (ctx: Context, what: string) => strapi.log.info(`[circassian] ${asker(ctx)} ${what}`);

  return {
    async list(ctx: Context) {
      ctx.body = { entries: await glossary().list() } satisfies GlossaryList;
    },

    async add(ctx: Context) {
      const entry = await refusing(() => glossary().add(entryFromBody(ctx.request.body)));
      log(ctx, `added glossary entry #${entry.id} (${entry.type} "${entry.source || entry.target}")`);
      ctx.body = { entry };
    },

    async edit(ctx: Context) {
      const id = unitIdOf(ctx.params.id);
      const entry = await refusing(() => glossary().edit(id, entryFromBody(ctx.request.body)));
      if (!entry) throw new errors.NotFoundError('This entry is no longer in the glossary (it was deleted meanwhile).');
      log(ctx, `edited glossary entry #${id}`);
      ctx.body = { entry };
    },

    async remove(ctx: Context) {
      const id = unitIdOf(ctx.params.id);
      if (!(await glossary().remove(id))) throw new errors.NotFoundError('This entry is no longer in the glossary.');
      log(ctx, `deleted glossary entry #${id}`);
      ctx.body = { removed: 1 };
    },

    /** A file from the settings page's picker (a form), or `{ format, text }` as JSON. */
    async importFile(ctx: StreamContext) {
      const file = uploadedFile(ctx);
      const body = (typeof ctx.request.body === 'object' ? ctx.request.body : {}) as { format?: unknown; text?: unknown };
      const size = file?.size ?? (typeof body.text === 'string' ? Buffer.byteLength(body.text) : 0);
      if (size > GLOSSARY_IMPORT_MAX_BYTES)
        throw new errors.PayloadTooLargeError(
          `The file is larger than a glossary import reads (${GLOSSARY_IMPORT_MAX_BYTES / 1024 / 1024} MB). Nothing was imported.`,
        );
      const text = file ? await readFile(file.filepath, 'utf8') : body.text;
      if (typeof text !== 'string' || text === '')
        throw new errors.ValidationError('Choose a TBX or CSV file to import (or send { "format": "tbx", "text": "..." }).');
      const format = formatOf(ctx.query?.format ?? body.format, file?.originalFilename);
      const outcome = await refusing(() => glossary().importFile(text, format));
      log(ctx, `imported a ${format.toUpperCase()} glossary: ${outcome.read} entries (${outcome.added} new, ${outcome.replaced} replaced)`);
      ctx.body = outcome;
    },

    async exportFile(ctx: StreamContext) {
      const format = formatOf(ctx.query?.format, undefined);
      const pair = await refusing(async () => glossaryPair(ctx.query?.pair));
      const text = await refusing(() => glossary().exportFile(format, pair));
      ctx.attachment(`circassian-glossary${pair ? `-${pair.source}-${pair.target}` : ''}.${format}`);
      ctx.set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-tbx+xml; charset=utf-8');
      ctx.body = text;
    },
  };
};
