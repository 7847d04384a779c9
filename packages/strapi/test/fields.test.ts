import { describe, expect, it } from 'vitest';
import { collectTexts, copyFields, planFields, translateFields } from '../server/src/translation/fields';
import type { Schema } from '../server/src/strapi';

const seo: Schema = { uid: 'shared.seo', attributes: { metaTitle: { type: 'string' }, metaDescription: { type: 'text' } } };
const quote: Schema = { uid: 'shared.quote', attributes: { text: { type: 'text' }, author: { type: 'string' } } };
const getModel = (uid: string) => ({ 'shared.seo': seo, 'shared.quote': quote })[uid];
const article: Schema = {
  uid: 'api::article.article',
  attributes: {
    title: { type: 'string' },
    slug: { type: 'uid', targetField: 'title' },
    views: { type: 'integer' },
    shared: { type: 'string', pluginOptions: { i18n: { localized: false } } },
    seo: { type: 'component', component: 'shared.seo' },
    sections: { type: 'dynamiczone', components: ['shared.quote'] },
    audio: { type: 'media' },
  },
};
const walk = { schema: article, getModel, directives: {} };

describe('field directives and walking', () => {
  it('translates text, walks structure, copies the rest, leaves non-localized fields to i18n', () => {
    const plans = Object.fromEntries(planFields(article, { views: 'skip' }).map((plan) => [plan.name, plan.directive]));
    expect(plans).toEqual({ title: 'translate', slug: 'translate', views: 'skip', seo: 'translate', sections: 'translate', audio: 'copy' });
  });

  it('leaves out the fields Strapi and i18n add to every document (ids, timestamps, creators, locale, localizations)', () => {
    const hidden = { type: 'string', visible: false } as Schema['attributes'][string];
    const withSystem: Schema = {
      ...article,
      attributes: {
        ...article.attributes,
        createdAt: { type: 'datetime' },
        updatedAt: { type: 'datetime' },
        publishedAt: { type: 'datetime' },
        locale: hidden,
        localizations: { ...hidden, type: 'relation' },
        createdBy: { ...hidden, type: 'relation' },
      },
    };
    expect(planFields(withSystem).map((plan) => plan.name)).toEqual(['title', 'slug', 'views', 'seo', 'sections', 'audio']);
  });

  it('drops component ids and honours inner directives by dotted path', async () => {
    const value = { seo: { id: 7, metaTitle: 'Заголовок', metaDescription: 'Описание' } };
    const directives = { 'seo.metaDescription': 'copy' as const };
    expect(await translateFields(value, { ...walk, directives }, (text) => `T(${text})`)).toEqual({
      seo: { metaTitle: 'T(Заголовок)', metaDescription: 'Описание' },
    });
    expect(await collectTexts(value, walk)).toEqual(['Заголовок', 'Описание']);
  });

  it('keeps the component kind of dynamic zone items', async () => {
    const value = { sections: [{ id: 1, __component: 'shared.quote', text: 'Цитата', author: 'Автор' }] };
    expect(await translateFields(value, walk, (text) => text.toUpperCase())).toEqual({
      sections: [{ __component: 'shared.quote', text: 'ЦИТАТА', author: 'АВТОР' }],
    });
  });

  it('copies a component whole without its ids, whatever its inner fields say', async () => {
    const directives = { 'seo.metaTitle': 'skip' as const };
    const value = { seo: { id: 7, metaTitle: 'Заголовок', metaDescription: 'Описание' } };
    expect(await copyFields(value, { schema: article, getModel })).toEqual({
      seo: { metaTitle: 'Заголовок', metaDescription: 'Описание' },
    });
    expect(await translateFields(value, { ...walk, directives: { ...directives, seo: 'copy' } }, (text) => `T(${text})`)).toEqual({
      seo: { metaTitle: 'Заголовок', metaDescription: 'Описание' },
    });
  });

  it('copies media as ids', async () => {
    const gallery: Schema = {
      uid: 'api::gallery.gallery',
      attributes: { audio: { type: 'media' }, files: { type: 'media', multiple: true } },
    };
    expect(await copyFields({ audio: { id: 3, url: '/a.wav' }, files: [{ id: 3 }, { id: 4 }] }, { schema: gallery, getModel })).toEqual({
      audio: 3,
      files: [3, 4],
    });
  });

  it('never writes a password and leaves relations to the caller', async () => {
    const account: Schema = {
      uid: 'api::account.account',
      attributes: { name: { type: 'string' }, secret: { type: 'password' }, author: { type: 'relation', relation: 'manyToOne' } },
    };
    const value = { name: 'Имя', secret: 'hunter2', author: { documentId: 'abc' } };
    expect(await copyFields(value, { schema: account, getModel })).toEqual({ name: 'Имя' });
    expect(await collectTexts(value, { schema: account, getModel, directives: { secret: 'translate' } })).toEqual(['Имя']);
  });
});
