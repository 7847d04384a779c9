// What a reviewer reads for where a unit was learnt: `api::article.article:<documentId>` is an id
// no person knows; "Article “Title”" is the entry they can open. Only for the memory's own
// pages (search and review need plugin::circassian.memory), never the panel's near matches, so a
// role that may not read an entry does not learn its title from the memory.
import type { Strapi } from '../strapi';

/** The attributes a content type is usually named by, in the order they are tried. */
const TITLE_FIELDS = ['title', 'name', 'label', 'heading', 'subject'];

/** The attribute an entry of `uid` is named by: a known title field, else its first short text. */
function titleField(strapi: Strapi, uid: string): string | undefined {
  const attributes = strapi.contentTypes[uid]?.attributes ?? {};
  return (
    TITLE_FIELDS.find((name) => attributes[name]?.type === 'string') ??
    Object.keys(attributes).find((name) => attributes[name]?.type === 'string')
  );
}

/** The label of each entry `where` names (type and title); a `where` that names no entry there is left out. */
export async function entryLabels(strapi: Strapi, wheres: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const where of new Set(wheres)) {
    if (!where?.startsWith('api::')) continue;
    const at = where.lastIndexOf(':');
    const uid = where.slice(0, at);
    const contentType = strapi.contentTypes[uid];
    if (at < 0 || !contentType) continue;
    const typeName = contentType.info?.displayName ?? uid;
    const field = titleField(strapi, uid);
    let title: unknown;
    if (field) {
      const entry = await strapi
        .documents(uid)
        .findOne({ documentId: where.slice(at + 1), fields: [field] })
        .catch(() => null);
      title = entry?.[field];
    }
    labels.set(where, typeof title === 'string' && title.trim() !== '' ? `${typeName} “${title.trim()}”` : typeName);
  }
  return labels;
}
