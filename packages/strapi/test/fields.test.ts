import { describe, expect, it } from 'vitest';
import { collectTexts, copyValue, planFields, translateValue } from '../server/src/translation/fields';
import type { Schema } from '../server/src/strapi';

const seo: Schema = { uid: 'shared.seo', attributes: { metaTitle: { type: 'string' }, metaDescription: { type: 'text' } } };
const quote: Schema = { uid: 'shared.quote', attributes: { text: { type: 'text' }, author: { type: 'string' } } };
const components = (uid: string) => ({ 'shared.seo': seo, 'shared.quote': quote })[uid];
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

describe('field directives and walking', () => {
  it('translates text, walks structure, copies the rest, leaves non-localized fields to i18n', () => {
    const plans = Object.fromEntries(planFields(article, { views: 'skip' }).map((plan) => [plan.name, plan.directive]));
    expect(plans).toEqual({ title: 'translate', slug: 'translate', views: 'skip', seo: 'translate', sections: 'translate', audio: 'copy' });
  });

  it('drops component ids and honours inner directives by dotted path', () => {
    const value = { id: 7, metaTitle: 'Заголовок', metaDescription: 'Описание' };
    const context = { components, directives: { 'seo.metaDescription': 'copy' as const }, translate: (text: string) => `T(${text})` };
    expect(translateValue(value, article.attributes.seo!, 'seo', context)).toEqual({
      metaTitle: 'T(Заголовок)',
      metaDescription: 'Описание',
    });
    expect(collectTexts(value, article.attributes.seo!, 'seo', components, {})).toEqual(['Заголовок', 'Описание']);
  });

  it('keeps the component kind of dynamic zone items', () => {
    const value = [{ id: 1, __component: 'shared.quote', text: 'Цитата', author: 'Автор' }];
    expect(
      translateValue(value, article.attributes.sections!, 'sections', {
        components,
        directives: {},
        translate: (text) => text.toUpperCase(),
      }),
    ).toEqual([{ __component: 'shared.quote', text: 'ЦИТАТА', author: 'АВТОР' }]);
  });

  it('copies media as ids', () => {
    expect(copyValue({ id: 3, url: '/a.wav' }, article.attributes.audio!, components)).toBe(3);
    expect(copyValue([{ id: 3 }, { id: 4 }], { type: 'media', multiple: true }, components)).toEqual([3, 4]);
  });
});
