// Whether a content type is localized and has draft and publish, asked the way Strapi itself asks:
// i18n's own content-types service and @strapi/utils' contentTypes helpers (a schema without the
// draftAndPublish option has none, as the Document Service sees it).
import { contentTypes } from '@strapi/utils';
import type { Schema, Strapi } from '../strapi';

type Model = Parameters<typeof contentTypes.hasDraftAndPublish>[0];

export const hasDraftAndPublish = (schema: Schema | undefined): boolean =>
  schema !== undefined && contentTypes.hasDraftAndPublish(schema as unknown as Model);

export const isLocalizedContentType = (strapi: Strapi, schema: Schema | undefined): boolean => {
  if (!schema) return false;
  const i18n = strapi.plugin('i18n').service('content-types') as { isLocalizedContentType(model: Schema): boolean };
  return i18n.isLocalizedContentType(schema);
};
