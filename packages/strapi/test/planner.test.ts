import { describe, expect, it } from 'vitest';
import { planTranslation, publishedAsDrafted, type PlanInput } from '../server/src/translation/planner';
import type { ModelLookup } from '../server/src/translation/fields';
import { hashValue } from '../server/src/translation/hash';
import type { Schema } from '../server/src/strapi';

const article: Schema = {
  uid: 'api::article.article',
  attributes: {
    title: { type: 'string' },
    slug: { type: 'uid', targetField: 'title' },
    summary: { type: 'text' },
    views: { type: 'integer' },
    audio: { type: 'media' },
  },
};
const settings = { fields: {}, audio: [{ to: 'audio' }], overwriteHandEdits: false, regeneratePublishedUids: false };
const source = { title: 'Новости дня', slug: 'novosti-dnya', summary: 'Описание', views: 3, audio: null };

/** A target written by the plugin from `source`: its state says so. */
const translated = { title: '[kbd] Новости', slug: 'kbd-novosti', summary: '[kbd] Описание', views: 3, audio: { id: 9 } };
const stateOf = (target: Record<string, unknown>, from: Record<string, unknown> = source) => ({
  sourceHashes: Object.fromEntries(Object.keys(from).map((name) => [name, hashValue(from[name])])),
  writtenHashes: Object.fromEntries(Object.keys(target).map((name) => [name, hashValue(target[name])])),
  keptFields: [],
});
const plan = (input: Partial<PlanInput>) =>
  planTranslation({
    schema: article,
    settings,
    source,
    target: null,
    state: { sourceHashes: {}, writtenHashes: {}, keptFields: [] },
    force: false,
    targetPublished: false,
    getModel: () => undefined,
    ...input,
  });
const names = (fields: Array<{ name: string }>) => fields.map((field) => field.name);

describe('the translation planner', () => {
  it('translates text and the uid, copies the rest, and leaves the audio field alone on a new target', async () => {
    const result = await plan({});
    expect(names(result.toTranslate)).toEqual(['title', 'slug', 'summary']);
    expect(names(result.toCopy)).toEqual(['views']);
    expect(result.texts).toEqual(['Новости дня', 'Описание']);
  });

  it('sends only the fields whose source changed', async () => {
    const result = await plan({ source: { ...source, summary: 'Новое описание' }, target: translated, state: stateOf(translated) });
    expect(names(result.toTranslate)).toEqual(['summary']);
    expect(result.texts).toEqual(['Новое описание']);
  });

  it('keeps a field edited by hand, unless an editor confirmed replacing it', async () => {
    const edited = { ...translated, title: 'Своё' };
    const changed = { ...source, title: 'Новый заголовок' };
    const kept = await plan({ source: changed, target: edited, state: stateOf(translated) });
    expect(kept.kept).toEqual(['title']);
    // The slug is made from the kept title, so it is not made again either.
    expect(names(kept.toTranslate)).toEqual([]);
    const replaced = await plan({ source: changed, target: edited, state: stateOf(translated), force: true });
    expect(replaced.overwritten).toEqual(['title']);
    expect(names(replaced.toTranslate)).toEqual(['title', 'slug']);
  });

  it('never counts the audio the plugin made as a hand edit', async () => {
    const result = await plan({ target: { ...translated, audio: { id: 42 } }, state: stateOf(translated) });
    expect(result.kept).toEqual([]);
  });

  it('holds the uid of a published target when the title changes, and lets a draft or the option follow', async () => {
    const changed = { ...source, title: 'Новый заголовок', slug: 'novyi-zagolovok' };
    const published = await plan({ source: changed, target: translated, state: stateOf(translated), targetPublished: true });
    expect(names(published.toTranslate)).toEqual(['title']);
    expect(published.heldUids).toEqual(['slug']);
    const draft = await plan({ source: changed, target: translated, state: stateOf(translated), targetPublished: false });
    expect(names(draft.toTranslate)).toEqual(['title', 'slug']);
    const allowed = await plan({
      source: changed,
      target: translated,
      state: stateOf(translated),
      targetPublished: true,
      settings: { ...settings, regeneratePublishedUids: true },
    });
    expect(allowed.heldUids).toEqual([]);
  });
});

describe('whether a target may follow its source into publication', () => {
  const withRelation: Schema = { ...article, attributes: { ...article.attributes, tags: { type: 'relation', relation: 'manyToMany' } } };
  const follows = (
    schema: Schema,
    draft: Record<string, unknown>,
    published: Record<string, unknown> | null,
    getModel: ModelLookup = () => undefined,
  ) => publishedAsDrafted({ schema, getModel, fields: Object.keys(draft), draft, published });

  it('publishes when the published source says what its draft says', async () => {
    expect(await follows(article, source, { ...source, id: 7 })).toBe(true);
  });

  it('does not publish a draft saved over a published source (its unfinished text)', async () => {
    const draft = { ...source, summary: 'Неоконченное описание' };
    expect(await follows(article, draft, source)).toBe(false);
  });

  it('does not publish when the source has no published version', async () => {
    expect(await follows(article, source, null)).toBe(false);
  });

  it('does not hold a target back for a relation the published version leaves out (a link to a draft)', async () => {
    const draft = { ...source, tags: [{ documentId: 'abc' }] };
    expect(await follows(withRelation, draft, { ...source, tags: [] })).toBe(true);
  });

  it('does not hold a target back for a relation inside a component the published version leaves out', async () => {
    const card: Schema = {
      uid: 'shared.card',
      attributes: { label: { type: 'string' }, author: { type: 'relation', relation: 'oneToOne' } },
    };
    const withCards: Schema = {
      ...article,
      attributes: { ...article.attributes, cards: { type: 'component', component: 'shared.card', repeatable: true } },
    };
    const draft = { ...source, cards: [{ id: 1, label: 'Карточка', author: { documentId: 'draft-author' } }] };
    const published = { ...source, cards: [{ id: 2, label: 'Карточка', author: null }] };
    expect(await follows(withCards, draft, published, () => card)).toBe(true);
    expect(await follows(withCards, draft, { ...published, cards: [{ id: 2, label: 'Другая', author: null }] }, () => card)).toBe(false);
  });
});

describe("the planner, narrowed to an admin's fields", () => {
  it('neither sends nor writes a field left out', async () => {
    const result = await plan({ only: ['title'] });
    expect(names(result.toTranslate)).toEqual(['title']);
    expect(result.texts).toEqual(['Новости дня']);
    expect(Object.keys(result.sourceHashes)).toEqual(['title']);
  });
});

describe('the status of an entry another entry links to', () => {
  it("is not outdated when another entry's save changed the inverse side of a relation (mappedBy)", async () => {
    const { outdatedFields } = await import('../server/src/translation/planner');
    const author: Schema = {
      uid: 'api::author.author',
      attributes: {
        name: { type: 'string' },
        notes: { type: 'relation', relation: 'oneToMany', target: 'api::note.note', mappedBy: 'author' },
      },
    };
    const before = { name: 'Имя', notes: [] };
    const recorded = { name: hashValue(before.name), notes: hashValue(before.notes) };
    expect(outdatedFields(author, settings, { name: 'Имя', notes: [{ documentId: 'n1' }] }, recorded)).toEqual([]);
  });
});
