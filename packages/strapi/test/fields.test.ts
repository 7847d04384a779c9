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

// The shape of the official Strapi 5 demos: a dynamic zone's FAQ block and a repeatable
// component list their related entries; a page's inverse side of a relation is not its own field.
describe('a content model as rich as the official demos', () => {
  const faqBlock: Schema = {
    uid: 'blocks.faq',
    attributes: { heading: { type: 'string' }, faqs: { type: 'relation', relation: 'oneToMany', target: 'api::faq.faq' } },
  };
  const card: Schema = {
    uid: 'shared.card',
    attributes: { label: { type: 'string' }, article: { type: 'relation', relation: 'oneToOne', target: 'api::article.article' } },
  };
  const models: Record<string, Schema> = { 'blocks.faq': faqBlock, 'shared.card': card };
  const page: Schema = {
    uid: 'api::page.page',
    attributes: {
      title: { type: 'string' },
      blocks: { type: 'dynamiczone', components: ['blocks.faq'] },
      cards: { type: 'component', component: 'shared.card', repeatable: true },
      parent: { type: 'relation', relation: 'manyToOne', target: 'api::page.page', inversedBy: 'children' },
      children: { type: 'relation', relation: 'oneToMany', target: 'api::page.page', mappedBy: 'parent' },
    },
  };
  const value = {
    blocks: [
      {
        id: 4,
        __component: 'blocks.faq',
        heading: 'Вопросы',
        faqs: [
          { id: 1, documentId: 'faq1' },
          { id: 2, documentId: 'faq2' },
        ],
      },
    ],
    cards: [{ id: 5, label: 'Карточка', article: { id: 3, documentId: 'art1' } }],
  };
  const pageWalk = { schema: page, getModel: (uid: string) => models[uid], directives: {} };

  it('links relations inside components and dynamic zones in the target locale, through the linker', async () => {
    const linked: string[] = [];
    const linkRelation = (attribute: { target?: string }, ids: string[]) => {
      linked.push(`${attribute.target}:${ids.join(',')}`);
      return Promise.resolve(ids.filter((id) => id !== 'faq2'));
    };
    expect(await translateFields(value, { ...pageWalk, linkRelation }, (text) => `T(${text})`)).toEqual({
      blocks: [{ __component: 'blocks.faq', heading: 'T(Вопросы)', faqs: ['faq1'] }],
      cards: [{ label: 'T(Карточка)', article: 'art1' }],
    });
    expect(linked.sort()).toEqual(['api::article.article:art1', 'api::faq.faq:faq1,faq2']);
    expect(await collectTexts(value, pageWalk)).toEqual(['Вопросы', 'Карточка']);
  });

  it('copies relations inside a copied component as their documentIds, as i18n copies them', async () => {
    expect(await copyFields(value, { schema: page, getModel: (uid) => models[uid] })).toEqual({
      blocks: [{ __component: 'blocks.faq', heading: 'Вопросы', faqs: ['faq1', 'faq2'] }],
      cards: [{ label: 'Карточка', article: 'art1' }],
    });
  });

  it("plans no inverse side of a relation (another entry's save changes it; it is linked from the owning side)", () => {
    expect(planFields(page).map((plan) => plan.name)).toEqual(['title', 'blocks', 'cards', 'parent']);
  });
});
