import type { Core } from '@strapi/strapi';

// The locales the contract names: en (i18n's default) plus Russian, Kabardian and Adyghe.
const LOCALES = [
  { code: 'ru', name: 'Russian (ru)' },
  { code: 'kbd', name: 'Kabardian (East Circassian) (kbd)' },
  { code: 'ady', name: 'Adyghe (West Circassian) (ady)' },
];

export default {
  register() {},
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    const existing = new Set(((await locales.find()) as Array<{ code: string }>).map((locale) => locale.code));
    for (const locale of LOCALES) {
      if (!existing.has(locale.code)) await locales.create(locale);
    }
  },
};
