import { describe, expect, it } from 'vitest';
import type { Strapi } from '../server/src/strapi';
import { entryLabels } from '../server/src/utils/entry-labels';

/** Two content types and their entries, read through the Document Service as the plugin reads them. */
const strapi = {
  contentTypes: {
    'api::article.article': {
      uid: 'api::article.article',
      info: { displayName: 'Article' },
      attributes: { slug: { type: 'uid' }, title: { type: 'string' }, body: { type: 'richtext' } },
    },
    'api::note.note': {
      uid: 'api::note.note',
      info: { displayName: 'Note' },
      attributes: { text: { type: 'text' }, caption: { type: 'string' } },
    },
  },
  documents: (uid: string) => ({
    findOne: async ({ documentId, fields }: { documentId: string; fields: string[] }) => {
      const entries: Record<string, Record<string, unknown>> = {
        'api::article.article:a1': { title: '  Статья для редактора ' },
        'api::note.note:n1': { caption: 'Заметка' },
      };
      const entry = entries[`${uid}:${documentId}`];
      return entry ? Object.fromEntries(fields.map((field) => [field, entry[field]])) : null;
    },
  }),
} as unknown as Strapi;

describe('entryLabels', () => {
  it('names an entry by its type and title (its first short text where it has no title), the type alone when it is gone', async () => {
    const labels = await entryLabels(strapi, [
      'api::article.article:a1',
      'api::note.note:n1',
      'api::article.article:deleted',
      'api::article.article:a1',
      'api::gone.gone:x',
      'file:src/app.ts',
      null,
    ]);
    expect(Object.fromEntries(labels)).toEqual({
      'api::article.article:a1': 'Article “Статья для редактора”',
      'api::note.note:n1': 'Note “Заметка”',
      'api::article.article:deleted': 'Article',
    });
  });
});
