import type { Strapi } from '../strapi';
import type { Services } from '../types/services';
import { PLUGIN_ID } from '../strapi';

/** The plugin's own services, typed by the hand-written map (no service is imported here). */
export function getService<Name extends keyof Services>(strapi: Strapi, name: Name): Services[Name] {
  return strapi.plugin(PLUGIN_ID).service(name) as Services[Name];
}
