// The populate tree that loads everything a translation reads: components and dynamic zones at
// any depth, media (their ids), and relations (their documentIds).
import type { Schema } from '../strapi';
import type { ComponentLookup } from './fields';

type Populate = Record<string, unknown>;

export function deepPopulate(schema: Schema, components: ComponentLookup, depth = 0): Populate {
  const populate: Populate = {};
  if (depth > 6) return populate;
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (name === 'localizations' || name === 'createdBy' || name === 'updatedBy') continue;
    if (attribute.type === 'media') populate[name] = { fields: ['id'] };
    else if (attribute.type === 'relation') populate[name] = { fields: ['documentId'] };
    else if (attribute.type === 'component' && attribute.component) {
      const inner = components(attribute.component);
      populate[name] = inner ? { populate: deepPopulate(inner, components, depth + 1) } : true;
    } else if (attribute.type === 'dynamiczone') {
      const on: Populate = {};
      for (const uid of attribute.components ?? []) {
        const inner = components(uid);
        on[uid] = inner ? { populate: deepPopulate(inner, components, depth + 1) } : true;
      }
      populate[name] = { on };
    }
  }
  return populate;
}
