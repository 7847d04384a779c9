import type { Strapi } from '../strapi';
import type services from './index';
import { PLUGIN_ID } from '../strapi';

type Services = typeof services;

/** The plugin's own services, typed. */
export function getService<Name extends keyof Services>(strapi: Strapi, name: Name): ReturnType<Services[Name]> {
  return strapi.plugin(PLUGIN_ID).service(name) as ReturnType<Services[Name]>;
}
