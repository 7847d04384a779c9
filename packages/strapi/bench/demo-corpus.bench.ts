/**
 * The plugin's translation walk on a corpus shaped like the official Strapi 5 demos (the test
 * app's Page, FAQ and components: a dynamic zone of FAQ lists, card grids and rich text, blocks
 * with links, bold and inline code, an SEO title), without Strapi: per entry, the characters the
 * walk sends against the entry's human characters (its words as a reader sees them: link text
 * kept; link targets, URLs, code, markup and structure left out, runs of blanks counted as one).
 * The goal is 1.00x: the extra is the inline markers a sentence carries for its links, emphasis,
 * code and URLs (`<x1>…</x1>`, `<x2/>`), counted apart. Run: `pnpm bench demo-corpus`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { characterCount } from '@circassian/core/text';
import { collectTexts } from '../server/src/translation/fields';
import { speakableText } from '../server/src/utils/speakable-text';
import type { DocumentData, Schema } from '../server/src/strapi';

const APP = join(import.meta.dirname, '..', '..', '..', 'test', 'strapi-app', 'src');
const read = (uid: string, path: string): Schema => ({
  uid,
  ...(JSON.parse(readFileSync(join(APP, path), 'utf8')) as Omit<Schema, 'uid'>),
});
const SCHEMAS: Record<string, Schema> = {
  'api::page.page': read('api::page.page', 'api/page/content-types/page/schema.json'),
  'api::faq.faq': read('api::faq.faq', 'api/faq/content-types/faq/schema.json'),
  'blocks.faq-list': read('blocks.faq-list', 'components/blocks/faq-list.json'),
  'blocks.card-grid': read('blocks.card-grid', 'components/blocks/card-grid.json'),
  'shared.link-card': read('shared.link-card', 'components/shared/link-card.json'),
  'shared.rich-text': read('shared.rich-text', 'components/shared/rich-text.json'),
};

const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });
const link = (url: string, words: string) => ({ type: 'link', url, children: [text(words)] });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });

/** Entries as a Strapi team's demo site holds them (written here, in Russian, the source locale). */
const CORPUS: Array<{ uid: string; name: string; data: DocumentData }> = [
  {
    uid: 'api::page.page',
    name: 'page: about',
    data: {
      title: 'О нашей редакции',
      slug: 'o-redakcii',
      metaTitle: 'Кто мы и чем занимаемся',
      content: [
        { type: 'heading', level: 2, children: [text('Наша история')] },
        paragraph(
          text('Подробности читайте на '),
          link('https://kbr.example/news', 'сайте республики'),
          text('. Мы пишем '),
          text('каждый день', { bold: true }),
          text(' с 2012 года.'),
        ),
        paragraph(
          text('Соберите сайт командой '),
          text('npm run build', { code: true }),
          text(' и откройте https://example.org/docs сейчас.'),
        ),
        {
          type: 'list',
          format: 'unordered',
          children: [
            { type: 'list-item', children: [text('новости города')] },
            { type: 'list-item', children: [text('интервью с '), text('учителями', { italic: true }), text(' и врачами')] },
          ],
        },
        { type: 'code', children: [text('const язык = "kbd";')] },
      ],
      blocks: [
        { __component: 'blocks.faq-list', heading: 'Частые вопросы', faqs: [] },
        {
          __component: 'blocks.card-grid',
          title: 'Наши авторы',
          cards: [{ label: 'Главный редактор' }, { label: 'Фотограф и оператор' }],
        },
        {
          __component: 'shared.rich-text',
          body: [
            '## Как нам написать',
            '',
            'Пишите на [почту редакции](mailto:news@kbr.example) или звоните **по будням**.',
            '',
            '- Запустите `npm test` и читайте https://example.org/a',
            '- Отправьте _короткое_ письмо с темой',
            '',
            '| День | Часы |',
            '|---|---|',
            '| Понедельник | с девяти до шести |',
          ].join('\n'),
        },
      ],
      settings: { theme: 'dark', columns: 3 },
    },
  },
  {
    uid: 'api::page.page',
    name: 'page: contacts',
    data: {
      title: 'Контакты',
      slug: 'kontakty',
      metaTitle: 'Связь с редакцией',
      content: [paragraph(text('Адрес редакции: улица Ленина, дом пять. Вход со двора.'))],
      blocks: [{ __component: 'shared.rich-text', body: 'Мы открыты **с понедельника по пятницу**, кроме праздников.' }],
    },
  },
  {
    uid: 'api::faq.faq',
    name: 'faq: delivery',
    data: { question: 'Как получить газету?', answer: 'Оформите подписку на почте или на сайте.' },
  },
  {
    uid: 'api::faq.faq',
    name: 'faq: languages',
    data: { question: 'На каких языках вы пишете?', answer: 'На кабардинском, адыгейском и русском.' },
  },
];

/** The markers a sentence carries for its inline markup. */
const MARKERS = /<\/?x\d+\/?>/g;

/** The human characters of one field's value: its words as a reader sees them, runs of blanks as one. */
function human(value: unknown, type: string): number {
  const words = type === 'richtext' || type === 'blocks' ? speakableText(value) : typeof value === 'string' ? value : '';
  // A table's cells are words too; its pipes and separator row are not.
  return characterCount(
    words
      .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, '')
      .replace(/\|/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Every text field's value, at any depth (components and dynamic zones walked), with its type. */
function humanOf(data: unknown, schema: Schema | undefined): number {
  if (!schema || !data || typeof data !== 'object') return 0;
  let total = 0;
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    const value = (data as Record<string, unknown>)[name];
    if (['string', 'text', 'richtext', 'blocks'].includes(attribute.type)) total += human(value, attribute.type);
    else if (attribute.type === 'component' && attribute.component)
      for (const item of Array.isArray(value) ? value : [value]) total += humanOf(item, SCHEMAS[attribute.component]);
    else if (attribute.type === 'dynamiczone')
      for (const item of (value as Array<{ __component: string }> | undefined) ?? []) total += humanOf(item, SCHEMAS[item.__component]);
  }
  return total;
}

async function main(): Promise<void> {
  let totalSent = 0;
  let totalHuman = 0;
  let totalMarkers = 0;
  console.log('entry                 sent  human  markers  ratio');
  for (const { uid, name, data } of CORPUS) {
    const schema = SCHEMAS[uid] as Schema;
    const sent = await collectTexts(data, { schema, getModel: (model) => SCHEMAS[model], directives: {} });
    const sentChars = sent.reduce((sum, piece) => sum + characterCount(piece), 0);
    const markerChars = sent.reduce((sum, piece) => sum + (piece.match(MARKERS) ?? []).join('').length, 0);
    const humanChars = humanOf(data, schema);
    totalSent += sentChars;
    totalHuman += humanChars;
    totalMarkers += markerChars;
    console.log(
      `${name.padEnd(20)} ${String(sentChars).padStart(5)} ${String(humanChars).padStart(6)} ${String(markerChars).padStart(8)}  ${(sentChars / humanChars).toFixed(2)}x`,
    );
  }
  console.log(
    `${'all'.padEnd(20)} ${String(totalSent).padStart(5)} ${String(totalHuman).padStart(6)} ${String(totalMarkers).padStart(8)}  ${(totalSent / totalHuman).toFixed(2)}x` +
      ` (without the markers ${((totalSent - totalMarkers) / totalHuman).toFixed(2)}x; goal 1.00x)`,
  );
}

// The package is CommonJS (no top-level await).
void main();
