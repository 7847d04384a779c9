// The populate tree that loads everything a translation reads: components and dynamic zones at
// any depth, media (their ids), and relations (their documentIds). Built here because Strapi has
// none that fits: `populate: '*'` loads one level only (no component inside a component), the
// content manager's populate-builder is that plugin's internal service and loads whole related
// entries and media files (their folders too), which would change the stored hashes of every
// media and relation field, and @strapi/utils' populate traversal only walks a populate it is given.
import type { Schema } from '../strapi';
import type { ModelLookup } from './fields';

type Populate = Record<string, unknown>;

export function deepPopulate(schema: Schema, getModel: ModelLookup, depth = 0): Populate {
  const populate: Populate = {};
  if (depth > 6) return populate;
  const nested = (uid: string) => {
    const inner = getModel(uid);
    return inner ? { populate: deepPopulate(inner, getModel, depth + 1) } : true;
  };
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (name === 'localizations' || name === 'createdBy' || name === 'updatedBy') continue;
    if (attribute.type === 'media') populate[name] = { fields: ['id'] };
    else if (attribute.type === 'relation') populate[name] = { fields: ['documentId'] };
    else if (attribute.type === 'component' && attribute.component) populate[name] = nested(attribute.component);
    else if (attribute.type === 'dynamiczone')
      populate[name] = { on: Object.fromEntries((attribute.components ?? []).map((uid) => [uid, nested(uid)])) };
  }
  return populate;
}
