// A locale as editors read it in sentences the server writes ("Adyghe (West Circassian) (ady)").
import type { Strapi } from '../strapi';

export async function localeName(strapi: Strapi, code: string): Promise<string> {
  try {
    const locales = strapi.plugin('i18n').service('locales') as { findByCode(code: string): Promise<{ name?: string } | null> };
    const name = (await locales.findByCode(code))?.name;
    // i18n's names often end with the code already ("Adyghe (West Circassian) (ady)").
    return name ? (name.endsWith(`(${code})`) ? name : `${name} (${code})`) : `(${code})`;
  } catch {
    return `(${code})`;
  }
}
