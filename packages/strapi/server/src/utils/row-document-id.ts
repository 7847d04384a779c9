import { randomBytes } from 'node:crypto';

/** A new row's documentId: the plugin's rows are not documents, but Strapi's tables require one. */
export const rowDocumentId = (): string => randomBytes(12).toString('hex');
