/**
 * Writes vectors/tmx-level2.json: what core writes and reads as TMX level 2, for the PHP writer and
 * reader to be held to byte for byte (test/phpunit/Memory/Tmx_Level2_Tests.php).
 * - `units`: memory units with each kind of code core's tmx-level2.test.ts names (placeholders, tags,
 *   addresses, our markers, VS Code's masks, an ICU plural and select, a tag whose partner is
 *   elsewhere) and provenance, then 200 pairs drawn (seeded) from such pieces; `tmx`: core's
 *   writeTmx of them;
 * - `fixtures`: core's readTmx of packages/core/test/fixtures/tmx/*.tmx, the units read and what was left out.
 * Units are written in the plugin's table's shape (DATETIME, where_made, suggested_by).
 * Run: pnpm --filter @circassian/wordpress exec tsx tools/tmx-vectors.ts, then prettier --write on the file.
 * test/tmx-vectors.test.ts fails when the file is not what core writes now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTmx, writeTmx, type MemoryUnit, type MemoryUnitInput } from '@circassian/core';

export const VECTORS_PATH = join(import.meta.dirname, '..', 'vectors', 'tmx-level2.json');
const FIXTURES = join(import.meta.dirname, '..', '..', 'core', 'test', 'fixtures', 'tmx');
export const FIXTURE_NAMES = ['omegat-project_save.tmx', 'okapi-rainbow.tmx', 'mixed-sources.tmx'] as const;

const unit = (source: string, target: string, extra: Partial<MemoryUnit> = {}): MemoryUnit => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  created: '2026-03-01T10:00:00Z',
  usageCount: 0,
  ...extra,
});

/** Units as the hosts keep them, each kind of code core's tmx-level2.test.ts names, with provenance of every kind. */
const CODED: MemoryUnit[] = [
  unit('Сәлам, {user}! Бүген %d хәбәр бар.', 'Сэлам, {user}! Нобэ хъыбар %d щыӀэщ.'),
  unit(
    'Щелкните <strong>Отправить</strong><br>или пишите help@example.org',
    '<strong>Гъэхьын</strong> теӀэ<br>е help@example.org деж итх',
    {
      creator: 'Зарема',
      changer: 'Тимур "T" <t&t>',
      changed: '2026-04-05T06:07:08Z',
      where: 'post:7',
      context: ' noun\t',
      origin: 'reviewed',
    },
  ),
  unit('Найти <x1>файл</x1> <x3/> через `git log` ${path}', '<x3/> `git log` ${path} <x1>файлыр</x1> къэгъуэтын', { origin: 'machine' }),
  unit('Удалить ⟦2⟧ запись ⟦3⟧', 'Тхыгъэ ⟦3⟧ ⟦2⟧ ихын', { suggestion: true, creator: 'intern' }),
  unit(
    '{n, plural, =0 {нет писем} one {# письмо} other {# писем}} — см. https://example.org/mail.',
    '{n, plural, =0 {письмо щыӀэкъым} one {письмо #} other {письмохэр #}} https://example.org/mail еплъ.',
  ),
  unit('Конец <em>выделения', 'выделение</em> иужь', { sourceLang: 'kbd', targetLang: 'ady' }),
  unit(
    'Пишите на a@b.org или https://x.org/a?b=1, затем {g, select, male {он} other {она}} &amp; {{count}}',
    '%1$s и %%: %{name} <img src="a.png" alt="x > y"/> {{count}}',
    {
      usageCount: 3,
      sourceLang: 'en',
      targetLang: 'ru',
    },
  ),
];

/** Pieces a text is drawn from: words, codes of every kind, stray braces and signs that are not codes. */
const PIECES = [
  'слово',
  'ӏуэху',
  ' ',
  '{name}',
  '{{n}}',
  '{',
  '}',
  '#',
  '%s',
  '%1$d',
  '% ',
  '50%',
  '<i>',
  '</i>',
  '<br>',
  '<img src="a.png"/>',
  '<x1>',
  '</x1>',
  '<x2/>',
  '⟦1⟧',
  '&lt;',
  '&',
  '<',
  '>',
  'x@y.org',
  'http://a.org/b',
  '`run`',
  '${b}',
  '%{c}',
  '{k, plural, one {# a} other {# b}}',
  '{k, select,',
  '\n',
  '\r\n',
  '"',
  "'",
];

function drawn(count: number): MemoryUnit[] {
  // A fixed linear congruential generator: the same units on every run.
  let seed = 2026;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((seed / 2 ** 31) * below);
  };
  const text = () => {
    let result = '';
    for (let n = 1 + next(12); n > 0; n--) result += PIECES[next(PIECES.length)];
    return result.trim() === '' ? 'слово' : result;
  };
  return Array.from({ length: count }, () => unit(text(), text()));
}

/** A core unit in the plugin's table's shape (Memory_Store::units' rows). */
function row(unit: MemoryUnit | MemoryUnitInput): Record<string, string | number> {
  const datetime = (iso: string | undefined) => (iso === undefined ? '' : iso.replace('T', ' ').replace('Z', ''));
  return {
    source_lang: unit.sourceLang,
    target_lang: unit.targetLang,
    source: unit.source,
    target: unit.target,
    origin: unit.origin ?? 'human',
    created: datetime(unit.created),
    changed: datetime(unit.changed),
    creator: unit.creator ?? '',
    changer: unit.changer ?? '',
    where_made: unit.where ?? '',
    context: unit.context ?? '',
    suggested_by: unit.suggestion ? (unit.creator ?? '') : '',
    usage_count: unit.usageCount ?? 0,
  };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

export async function tmxVectors(): Promise<unknown> {
  const units = [...CODED, ...drawn(200)];
  const tmx = (await collect(writeTmx(units))).join('');
  const fixtures: Record<string, unknown> = {};
  for (const name of FIXTURE_NAMES) {
    const items = await collect(readTmx([readFileSync(join(FIXTURES, name))]));
    fixtures[name] = {
      units: items.flatMap((item) => (item.kind === 'unit' ? [row(item.unit)] : [])),
      left_out: items.flatMap((item) => (item.kind === 'skipped' ? [{ tu: item.tu, reason: item.reason, detail: item.detail }] : [])),
    };
  }
  return { note: 'Written by tools/tmx-vectors.ts from @circassian/core: do not edit by hand.', units: units.map(row), tmx, fixtures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(VECTORS_PATH, `${JSON.stringify(await tmxVectors(), null, 1)}\n`);
}
