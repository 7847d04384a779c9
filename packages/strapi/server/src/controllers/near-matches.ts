// The edit view's near matches: for the locale the editor translates into, the source's sentences
// the memory has no exact unit for, with their best near matches (utils/near-matches.ts). Read only:
// the asking admin must be able to read the source and edit the target in the Content Manager, and
// only the fields their role's field lists allow are read.
import { errors } from '@strapi/utils';
import type { Strapi } from '../strapi';
import type { AccessNeed } from '../types/access';
import type { NearMatches } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { loadDocument } from '../utils/documents';
import { memoryPair } from '../utils/memory-use';
import { entryNearMatches } from '../utils/near-matches';
import { validatePreview } from './bodies';
import { chooseLocales, contentTypeOr404, type Context } from './context';
import { entryAccess } from './entry-access';

export default ({ strapi }: { strapi: Strapi }) => {
  const { requireAccess, version, fieldAccess } = entryAccess(strapi);

  return {
    async list(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const { locale } = await validatePreview(ctx.request.body);
      const [chosen = locale] = chooseLocales([locale], contentType.targetLocales);
      const documentId = ctx.params.documentId ?? '';
      const schema = strapi.contentTypes[contentType.uid];
      const source = await version(contentType.uid, documentId, contentType.sourceLocale);
      if (!schema || !source) throw new errors.NotFoundError(`This entry has no ${contentType.sourceLocale} version to translate from.`);
      const target = await version(contentType.uid, documentId, chosen);
      const needs: AccessNeed[] = [
        { action: 'read', locale: contentType.sourceLocale, version: source },
        target ? { action: 'update', locale: chosen, version: target } : { action: 'create', locale: chosen },
      ];
      await requireAccess(ctx, contentType.uid, needs);
      const { allowed, withheld } = fieldAccess(ctx, contentType, needs);
      const settings = getService(strapi, 'settings');
      const sourceLanguage = settings.languageOf(contentType.sourceLocale) ?? contentType.sourceLocale;
      const pair = memoryPair(sourceLanguage, settings.languageOf(chosen) ?? chosen);
      const document = pair ? await loadDocument(strapi, schema, documentId, contentType.sourceLocale) : null;
      const fields =
        pair && document ? await entryNearMatches(strapi, schema, contentType, document, pair, ctx.state.user?.email, allowed) : [];
      ctx.body = { locale: chosen, fields, withheld } satisfies NearMatches;
    },
  };
};
