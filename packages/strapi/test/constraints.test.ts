import { describe, expect, it } from 'vitest';
import { fitConstraints } from '../server/src/translation/constraints';
import { MARKERS_LOST, translateFields, type FieldFlag } from '../server/src/translation/fields';
import type { Schema } from '../server/src/strapi';

describe("a translation that breaks its field's constraints", () => {
  it('is cut at a word to fit maxLength, and flagged', () => {
    expect(fitConstraints({ type: 'string', maxLength: 20 }, 'Очень длинный заголовок статьи', 'Short title')).toEqual({
      value: 'Очень длинный',
      reason: 'cut to 20 characters (maxLength)',
      code: 'maxLength',
      limit: 20,
    });
  });

  it('keeps the source text, flagged, when it breaks minLength or regex', () => {
    expect(fitConstraints({ type: 'string', minLength: 5 }, 'Да', 'Yes sir')).toEqual({
      value: 'Yes sir',
      reason: 'shorter than 5 characters (minLength): the source text is kept',
      code: 'minLength',
      limit: 5,
    });
    expect(fitConstraints({ type: 'string', regex: '^[A-Z]' }, 'нет', 'No')).toEqual({
      value: 'No',
      reason: 'does not match ^[A-Z] (regex): the source text is kept',
      code: 'regex',
      limit: '^[A-Z]',
    });
  });

  it('passes a translation that fits', () => {
    expect(fitConstraints({ type: 'string', maxLength: 60, minLength: 1 }, 'Заголовок', 'Title')).toEqual({ value: 'Заголовок' });
  });

  it('is flagged for that field only, by its path inside components, and the other fields are written', async () => {
    const seo: Schema = {
      uid: 'shared.seo',
      attributes: { metaTitle: { type: 'string', maxLength: 12 }, metaDescription: { type: 'text' } },
    };
    const page: Schema = {
      uid: 'api::page.page',
      attributes: { title: { type: 'string' }, seo: { type: 'component', component: 'shared.seo' } },
    };
    const flags: FieldFlag[] = [];
    const fields = { title: 'Заголовок', seo: { id: 1, metaTitle: 'Мета заголовок', metaDescription: 'Описание' } };
    const written = await translateFields(
      fields,
      { schema: page, getModel: () => seo, directives: {}, onFlag: (flag) => flags.push(flag) },
      (text) => `[kbd] ${text}`,
    );
    expect(written).toEqual({ title: '[kbd] Заголовок', seo: { metaTitle: '[kbd] Мета', metaDescription: '[kbd] Описание' } });
    expect(flags).toEqual([{ field: 'seo.metaTitle', code: 'maxLength', limit: 12, reason: 'cut to 12 characters (maxLength)' }]);
  });
});

describe('a rich-text field whose markers do not come back', () => {
  it('is written with those sentences as they were, and flagged by name', async () => {
    const page: Schema = { uid: 'api::page.page', attributes: { body: { type: 'richtext' } } };
    const flags: FieldFlag[] = [];
    const body = 'Подробности читайте на [сайте](https://kbr.example).\n\nВторой абзац.';
    const written = await translateFields(
      { body },
      { schema: page, getModel: () => undefined, directives: {}, onFlag: (flag) => flags.push(flag) },
      (text) => `[kbd] ${text.replace(/<\/?x\d+\/?>/g, '')}`,
    );
    expect(written).toEqual({ body: 'Подробности читайте на [сайте](https://kbr.example).\n\n[kbd] Второй абзац.' });
    expect(flags).toEqual([{ field: 'body', code: 'markers', reason: MARKERS_LOST }]);
  });
});
