// A locale's version of a document with everything a translation reads (components and dynamic
// zones at any depth, media ids, relations' documentIds): the translator and the writer load
// documents the same way.
import type { DocumentData, Schema, Strapi } from '../strapi';
import { deepPopulate } from '../translation/populate';

export const loadDocument = (
  strapi: Strapi,
  schema: Schema,
  documentId: string,
  locale: string,
  status: 'draft' | 'published' = 'draft',
): Promise<DocumentData | null> =>
  strapi.documents(schema.uid).findOne({ documentId, locale, status, populate: deepPopulate(schema, (uid) => strapi.getModel(uid)) });
