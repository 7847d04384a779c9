import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORDS } from '../server/src/utils/errors';

const adminDir = join(import.meta.dirname, '..', 'admin', 'src');
const sources = (readdirSync(adminDir, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => readFileSync(join(adminDir, file), 'utf8'));
const strings = (locale: string) =>
  JSON.parse(readFileSync(join(adminDir, 'translations', `${locale}.json`), 'utf8')) as Record<string, string>;

/** Every message id the admin formats: `message('id', ...)` and `{ id: 'circassian.id', ... }`. */
const usedIds = new Set(
  sources.flatMap((text) => [
    ...[...text.matchAll(/message\(\s*'([^']+)'/g)].map((match) => `circassian.${match[1]}`),
    ...[...text.matchAll(/id: '(circassian\.[^']+)'/g)].map((match) => match[1] as string),
  ]),
);

/** The service's error sentences: their English is the server's (utils/errors.ts), sent beside the type. */
const SERVICE_ERROR = 'circassian.serviceError.';

describe('the admin strings', () => {
  it('has English words for every message the admin formats', () => {
    expect(usedIds.size).toBeGreaterThan(100);
    expect([...usedIds].filter((id) => !(id in strings('en')))).toEqual([]);
  });

  it('ships Russian for every English string, with the same placeholders', () => {
    const en = strings('en');
    const ru = strings('ru');
    expect(
      Object.keys(ru)
        .filter((id) => !id.startsWith(SERVICE_ERROR))
        .sort(),
    ).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
    for (const [id, english] of Object.entries(en))
      expect({ id, placeholders: placeholders(ru[id] ?? '') }).toEqual({ id, placeholders: placeholders(english) });
  });

  it('ships Russian for each service error type the server words, and for no other', () => {
    const ru = strings('ru');
    const said = Object.keys(ru)
      .filter((id) => id.startsWith(SERVICE_ERROR))
      .map((id) => id.slice(SERVICE_ERROR.length));
    expect(said.sort()).toEqual(Object.keys(WORDS).sort());
    for (const type of said) expect(ru[`${SERVICE_ERROR}${type}`]).toMatch(/[а-я]/);
  });
});
