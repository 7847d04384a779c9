import { describe, expect, it } from 'vitest';
import { jobFields, mergedFields } from '../server/src/utils/job-fields';

describe("a translate job narrowed to the asking admin's fields", () => {
  it('reads the fields a job is narrowed to, or none', () => {
    expect(jobFields({ fields: ['title'], force: true })).toEqual(['title']);
    expect(jobFields({ force: true })).toBeUndefined();
    expect(jobFields(null)).toBeUndefined();
  });

  it('stays unrestricted when either request was unrestricted (a save, a super admin)', () => {
    expect(mergedFields(undefined, ['title'])).toBeUndefined();
    expect(mergedFields(['title'], undefined)).toBeUndefined();
  });

  it('covers the fields of both restricted requests, and no more', () => {
    expect(mergedFields(['title'], ['summary', 'title'])).toEqual(['title', 'summary']);
  });
});
