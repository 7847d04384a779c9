// The glossary in Strapi's database: entries checked by core before a row is written, one term
// once, a TBX made by another tool (Weblate's export) and the CSV contract imported, a file that
// is not valid refused with its reason and nothing changed, an export that reads back as it was
// written, and every glossary route behind the memory's own permission.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readTbx, type GlossaryEntry } from '@circassian/core/glossary';
import routes from '../../server/src/routes';
import { ACTIONS } from '../../server/src/permissions';
import { fakeStrapi } from './fake-strapi';

const vectors = JSON.parse(await readFile(new URL('../../../../shared/vectors/glossary.json', import.meta.url), 'utf8')) as {
  csvValid: { csv: string; entries: Array<Partial<GlossaryEntry>> };
  csvInvalid: Array<{ csv: string; why: string }>;
};
const weblateTbx = () => readFile(new URL('../../../core/test/fixtures/glossary/weblate-export.tbx', import.meta.url), 'utf8');

const keep: GlossaryEntry = { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Нальчик', target: '' };
const translate: GlossaryEntry = { sourceLang: 'ru', targetLang: 'kbd', type: 'translate', source: 'сайт', target: 'сайт' };
const forbidden: GlossaryEntry = { sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: 'обновление', target: 'апдейт' };

const glossaryOf = () => fakeStrapi({}).service('glossary');

describe('glossary storage', () => {
  it('keeps entries as core checks them (a keep term’s target is its source; a translate into itself is a keep) and lists them in order', async () => {
    const glossary = glossaryOf();
    const first = await glossary.add(keep);
    await glossary.add(translate);
    await glossary.add({ ...forbidden, note: '  калька  ' });
    expect((await glossary.list()).map(({ id: _id, ...entry }) => entry)).toEqual([
      { ...keep, target: 'Нальчик' },
      { ...translate, type: 'keep' },
      { ...forbidden, note: 'калька' },
    ]);
    expect(first.id).toBeGreaterThan(0);
    expect((await glossary.current()).entries).toHaveLength(3);
  });

  it('refuses an entry core refuses, and a second entry of the same term, with the reason; nothing is written', async () => {
    const glossary = glossaryOf();
    await glossary.add(keep);
    await expect(glossary.add({ ...keep, sourceLang: 'xx' as never })).rejects.toThrow(/"xx" is not a translation language/);
    await expect(glossary.add({ ...translate, target: '' })).rejects.toThrow(/no target term/);
    await expect(glossary.add({ ...keep, source: 'нальчик', type: 'translate', target: 'Налшык' })).rejects.toThrow(
      /"нальчик" is in the glossary already/,
    );
    expect(await glossary.list()).toHaveLength(1);
  });

  it('edits an entry in place (refusing one that would repeat another term) and deletes one', async () => {
    const glossary = glossaryOf();
    const kept = await glossary.add(keep);
    const other = await glossary.add({ ...translate, source: 'обновление', target: 'зэхъуэкӀыныгъэ' });
    expect(await glossary.edit(kept.id, { ...keep, note: 'фамилия' })).toMatchObject({ id: kept.id, note: 'фамилия' });
    await expect(glossary.edit(other.id, { ...keep })).rejects.toThrow(/in the glossary already/);
    expect(await glossary.edit(999, keep)).toBeUndefined();
    expect(await glossary.remove(other.id)).toBe(true);
    expect(await glossary.remove(other.id)).toBe(false);
    expect((await glossary.list()).map((entry) => entry.source)).toEqual(['Нальчик']);
  });

  it('imports the CSV contract (shared/vectors) and merges: the same term is replaced, not repeated', async () => {
    const glossary = glossaryOf();
    await glossary.add({ ...keep, note: 'старая заметка' });
    const outcome = await glossary.importFile(vectors.csvValid.csv, 'csv');
    expect(outcome).toEqual({ read: vectors.csvValid.entries.length, added: vectors.csvValid.entries.length - 1, replaced: 1, skipped: 0 });
    expect((await glossary.list()).map(({ id: _id, ...entry }) => entry)).toEqual(
      vectors.csvValid.entries.map((entry) => ({ sourceLang: 'ru', targetLang: 'kbd', ...entry })),
    );
  });

  it('refuses every invalid CSV of shared/vectors and a broken TBX with the reason, and changes nothing', async () => {
    const glossary = glossaryOf();
    await glossary.add(keep);
    for (const { csv, why } of vectors.csvInvalid) await expect(glossary.importFile(csv, 'csv'), why).rejects.toThrow(/\S/);
    await expect(glossary.importFile('<martif><text><body><termEntry>', 'tbx')).rejects.toThrow(/TBX|XML|cut short|end/i);
    await expect(glossary.importFile('ru,kbd,type,note\r\nсайт,сайт,translate,\r\nвеб,,translate,\r\n', 'csv')).rejects.toThrow(
      /row 3|line 3/i,
    );
    expect((await glossary.list()).map((entry) => entry.source)).toEqual(['Нальчик']);
  });

  it('imports the TBX Weblate exports (an untranslatable term as keep, a forbidden word, a note); its export reads back entry for entry', async () => {
    const glossary = glossaryOf();
    expect(await glossary.importFile(await weblateTbx(), 'tbx')).toEqual({ read: 3, added: 3, replaced: 0, skipped: 0 });
    const exported = await glossary.exportFile('tbx');
    expect((await readTbx(exported)).entries).toEqual((await glossary.list()).map(({ id: _id, ...entry }) => entry));
    const again = glossaryOf();
    await again.importFile(exported, 'tbx');
    expect(await again.exportFile('tbx')).toBe(exported);
    const csv = await glossary.exportFile('csv', { source: 'ru', target: 'kbd' });
    expect(csv.split('\r\n')[0]).toBe('ru,kbd,type,note');
    await expect(glossary.exportFile('csv')).rejects.toThrow(/one language pair/);
  });

  it('every glossary route takes the memory’s own permission', () => {
    const glossaryRoutes = routes.admin.routes.filter((route) => route.path.startsWith('/glossary'));
    expect(glossaryRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [
        'DELETE /glossary/:id',
        'GET /glossary',
        'GET /glossary/export',
        'POST /glossary',
        'POST /glossary/import',
        'PUT /glossary/:id',
      ].sort(),
    );
    for (const route of glossaryRoutes)
      expect(route.config.policies.flatMap((policy) => (typeof policy === 'string' ? [] : policy.config.actions))).toEqual([
        ACTIONS.memory,
      ]);
  });
});
