// Review by sentence (issue 33, "Strapi first"): a Kabardian body edited by hand, then one line of
// the Russian source changes. The review lists that line (the source before and now, the target
// line kept); "Translate only the changed sentences" rewrites that line alone in the Kabardian
// draft (the hand-edited line stays, Adyghe is not touched), the field stays the person's, and the
// memory learns the person's line paired with its own source line, never the new source line with
// the stale translation (utils/changed-sentences.ts, on a real sandbox service over HTTP).
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LanguagePair } from '@circassian/core';
import { fieldReviews, translateChangedSentences } from '../../server/src/utils/changed-sentences';
import { learnFromEdits } from '../../server/src/utils/memory-learning';
import type { Teacher } from '../../server/src/utils/memory-teacher';
import { ARTICLE, ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
const REVIEWER: Teacher = { name: 'reviewer@circassian.test', via: 'admin', mayTeach: true };
let sandbox: RunningSandbox;
let strapi: FakeStrapi;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  strapi = fakeStrapi(articleConfig(sandbox, { targetLocales: ['kbd', 'ady'] }));
  strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка\n\nВторая строка', views: 7 });
});

async function translate(locale: string) {
  const job = await claimedJob(strapi, 'doc1', locale);
  await strapi.service('translator').run([job]);
  await strapi.service('queue').complete(job);
}

const version = (locale: string) => strapi.version(ARTICLE_UID, 'doc1', locale) ?? {};
const lines = (locale: string) => String(version(locale).body).split('\n\n');

describe('review by sentence', () => {
  it('lists the changed source line with the kept target line, and rewrites only that line of the viewed locale', async () => {
    await translate('kbd');
    await translate('ady');
    const [stale] = lines('kbd');
    const adyBefore = version('ady');
    // The editor corrects the second Kabardian line (and an Adyghe one), then the Russian first line changes.
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...version('kbd'), body: [stale, 'ЕтӀуанэ сатыр'].join('\n\n') });
    strapi.put(ARTICLE_UID, 'doc1', 'ady', { ...adyBefore, body: [lines('ady')[0], 'ЯтӀонэрэ сатыр'].join('\n\n') });
    const adyEdited = version('ady');
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка с 19 по 21 сентября\n\nВторая строка', views: 7 });

    expect(await fieldReviews(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([
      {
        field: 'body',
        sentences: [
          {
            sourceIndex: 0,
            targetIndex: 0,
            before: 'Первая строка',
            now: 'Первая строка с 19 по 21 сентября',
            kept: stale,
            editedByHand: false,
          },
        ],
      },
    ]);

    expect(await translateChangedSentences(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([{ field: 'body', sentences: 1 }]);
    const [first, second] = lines('kbd');
    expect(first).not.toBe(stale);
    expect(first).toMatch(/19/);
    expect(second).toBe('ЕтӀуанэ сатыр');
    expect(version('ady')).toEqual(adyEdited);
    // Nothing changed is left in Kabardian; Adyghe still has its own review.
    expect(await fieldReviews(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([]);
    expect((await fieldReviews(strapi, ARTICLE_UID, 'doc1', 'ady')).map((review) => review.field)).toEqual(['body']);

    // The memory learns the person's line with its own source line; the new source line stays the machine's.
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 1, suggested: 0 });
    const [changedLine, editedLine] = await strapi.service('memory').lookup(RU_KBD, ['Первая строка с 19 по 21 сентября', 'Вторая строка']);
    expect(changedLine).toMatchObject({ target: first, origin: 'machine' });
    expect(editedLine).toMatchObject({ target: 'ЕтӀуанэ сатыр', origin: 'human' });
    const units: Array<{ source: string; target: string }> = [];
    for await (const unit of strapi.service('memory').units()) units.push(unit);
    expect(units.filter((unit) => unit.source === 'Первая строка с 19 по 21 сентября' && unit.target === stale)).toEqual([]);
  });

  it('offers the whole field only where the source gained a line', async () => {
    await translate('kbd');
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...version('kbd'), body: [lines('kbd')[0], 'ЕтӀуанэ сатыр'].join('\n\n') });
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка\n\nВторая строка\n\nТретья строка', views: 7 });
    expect(await fieldReviews(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([{ field: 'body', sentences: null }]);
    const before = version('kbd');
    expect(await translateChangedSentences(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([]);
    expect(version('kbd')).toEqual(before);
  });
});

describe('review by sentence in a blocks field (the rich text editor of Strapi 5)', () => {
  const WITH_BLOCKS = {
    ...ARTICLE,
    attributes: { ...ARTICLE.attributes, content: { type: 'blocks', pluginOptions: { i18n: { localized: true } } } },
  };
  const paragraph = (...children: Array<Record<string, unknown>>) => ({ type: 'paragraph', children });
  const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });
  /** The text of each paragraph's leaves, in order. */
  const leaves = (locale: string): string[][] =>
    ((version(locale).content ?? []) as Array<{ children: Array<{ text: string }> }>).map((node) => node.children.map((leaf) => leaf.text));

  beforeEach(() => {
    strapi = fakeStrapi(articleConfig(sandbox, { targetLocales: ['kbd', 'ady'] }), [WITH_BLOCKS]);
    strapi.put(ARTICLE_UID, 'doc1', 'ru', {
      title: 'Новости дня',
      views: 7,
      content: [
        paragraph(text('Фестиваль начнётся в пятницу.')),
        paragraph(text('Вход '), text('свободный', { bold: true }), text(' для всех.')),
      ],
    });
  });

  it('lists the changed paragraph and rewrites it alone, the bold run and the edited paragraph kept', async () => {
    await translate('kbd');
    const [[stale = ''] = [], made = []] = leaves('kbd');
    // The editor rewrites the second paragraph's last run; then the first Russian paragraph changes.
    const edited = structuredClone(version('kbd').content) as Array<{ children: Array<{ text: string }> }>;
    const last = edited[1]?.children[2];
    if (!last) throw new Error(`the Kabardian second paragraph has no third run: ${JSON.stringify(made)}`);
    last.text = ' псоми папщӀэ.';
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...version('kbd'), content: edited });
    const ru = version('ru');
    strapi.put(ARTICLE_UID, 'doc1', 'ru', {
      ...ru,
      content: [paragraph(text('Фестиваль начнётся в субботу.')), (ru.content as unknown[])[1]],
    });

    const reviews = await fieldReviews(strapi, ARTICLE_UID, 'doc1', 'kbd');
    expect(reviews).toEqual([
      {
        field: 'content',
        sentences: [
          expect.objectContaining({
            before: 'Фестиваль начнётся в пятницу.',
            now: 'Фестиваль начнётся в субботу.',
            kept: stale,
            editedByHand: false,
          }),
        ],
      },
    ]);
    expect(await translateChangedSentences(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([{ field: 'content', sentences: 1 }]);
    const [[first = ''] = [], second = []] = leaves('kbd');
    expect(first).not.toBe(stale);
    expect(first).toMatch(/^\[kbd\]/u);
    // The person's paragraph as they left it, its bold run still bold.
    expect(second).toEqual([made[0], made[1], ' псоми папщӀэ.']);
    expect((version('kbd').content as Array<{ children: Array<{ bold?: boolean }> }>)[1]?.children[1]?.bold).toBe(true);
    expect(await fieldReviews(strapi, ARTICLE_UID, 'doc1', 'kbd')).toEqual([]);
  });
});
