import { describe, expect, it } from 'vitest';
import { uidText } from '../server/src/translation/slug';

describe('the text a uid is made from', () => {
  it('is its translated target field', () => {
    expect(uidText({ type: 'uid', targetField: 'title' }, 'slug', { title: 'Жъыуэ' }, null, { slug: 'novosti' })).toBe('Жъыуэ');
  });

  it("is the source's uid when the uid names no target field (a required uid would otherwise keep its default in every locale)", () => {
    expect(uidText({ type: 'uid', required: true }, 'slug', {}, null, { slug: 'about-us' })).toBe('about-us');
    expect(uidText({ type: 'uid', targetField: 'title' }, 'slug', {}, { title: '' }, { slug: 'about-us' })).toBe('about-us');
  });

  it('is nothing when there is nothing to make it from', () => {
    expect(uidText({ type: 'uid' }, 'slug', {}, null, { slug: null })).toBeUndefined();
  });
});
