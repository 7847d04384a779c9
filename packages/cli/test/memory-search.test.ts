// Concordance and fuzzy matches through the real `circassian`, on the CLI's journal (filled by an
// import) and on a TMX memory file alike: what a translator asks the memory before translating by hand.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';
import { useScratchDir } from './helpers/sandbox.js';

/** Anna's units, a reviewed one by Boris, an intern's suggestion, and a unit of another pair. */
const TEAM_TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="circassian" creationtoolversion="1" segtype="sentence" o-tmf="circassian" adminlang="en" srclang="*all*" datatype="plaintext"/>
<body>
<tu srclang="ru" creationdate="20260303T000000Z" creationid="anna"><prop type="x-circassian-origin">human</prop><prop type="x-circassian-where">post:42</prop><tuv xml:lang="ru"><seg>Доброе утро, друзья</seg></tuv><tuv xml:lang="kbd"><seg>Уи пщэддджыжь ф\u04C0ыуэ, ныбжьэгъухэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260301T000000Z" creationid="boris"><prop type="x-circassian-origin">reviewed</prop><tuv xml:lang="ru"><seg>Спокойной ночи</seg></tuv><tuv xml:lang="kbd"><seg>Жэщ ф\u04C0ыуэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260304T000000Z" creationid="intern"><prop type="x-circassian-origin">human</prop><prop type="x-circassian-status">suggestion</prop><tuv xml:lang="ru"><seg>Доброе утро, друзья</seg></tuv><tuv xml:lang="kbd"><seg>Пщэддджыжь ф\u04C0ыуэ, ныбжьэгъухэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260305T000000Z" creationid="anna"><prop type="x-circassian-origin">human</prop><tuv xml:lang="ru"><seg>Откройте файл сейчас</seg></tuv><tuv xml:lang="kbd"><seg>Файлыр иджыпсту зэ\u04C0ухэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260306T000000Z" creationid="anna"><prop type="x-circassian-origin">human</prop><prop type="x-circassian-context">menu</prop><tuv xml:lang="ru"><seg>Откройте папку сейчас</seg></tuv><tuv xml:lang="kbd"><seg>Папкэр иджыпсту зэ\u04C0ухэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260307T000000Z" creationid="anna"><prop type="x-circassian-origin">human</prop><tuv xml:lang="ru"><seg>Хорошо</seg></tuv><tuv xml:lang="ady"><seg>Ф\u04C0ыуэ</seg></tuv></tu>
</body></tmx>
`;

interface SearchJson {
  total: number;
  units: { found_in: string; source: string; target: string; origin: string; by?: string; where?: string; suggestion: boolean }[];
}
interface FuzzyJson {
  min: number;
  matches: { percent: number; source: string; target: string; origin: string; context?: string }[];
}

describe('circassian memory search and fuzzy', () => {
  const scratch = useScratchDir('memory-search');

  /** The team's units in a memory of each kind: the journal through `memory import`, the TMX file as written. */
  async function memories(): Promise<string[]> {
    const tmx = join(scratch.path, `team-${Math.random().toString(36).slice(2)}.tmx`);
    await writeFile(tmx, TEAM_TMX);
    const journal = join(scratch.path, `team-${Math.random().toString(36).slice(2)}.jsonl`);
    const imported = await runCli(['memory', 'import', tmx, '--memory', journal]);
    expect(imported.code).toBe(0);
    return [journal, tmx];
  }

  it('search finds a word in either language, palochka- and case-tolerant, strongest first, with who and where', async () => {
    for (const memory of await memories()) {
      const run = await runCli(['memory', 'search', 'ФIЫУЭ', '--memory', memory, '--as', 'boris', '--json']);
      expect(run.code).toBe(0);
      const found = JSON.parse(run.stdout) as SearchJson;
      expect(found.units.map((u) => [u.source, u.origin, u.found_in, u.by])).toEqual([
        ['Спокойной ночи', 'reviewed', 'target', 'boris'],
        ['Хорошо', 'human', 'target', 'anna'],
        ['Доброе утро, друзья', 'human', 'target', 'anna'],
      ]);
      expect(found.units[2]).toMatchObject({ where: 'post:42', suggestion: false });
      // The intern sees their own suggestion in place of Anna's unit; --pair keeps one pair.
      const intern = await runCli(['memory', 'search', 'доброе', 'утро', '--pair', 'ru:kbd', '--memory', memory, '--as', 'intern']);
      expect(intern.stdout).toBe(
        `[source] ru -> kbd suggestion (human) by intern on 2026-03-04: "Доброе утро, друзья" -> "Пщэддджыжь ф\u04C0ыуэ, ныбжьэгъухэ"\n` +
          `1 units hold "доброе утро" in ru -> kbd, in ${memory}\n`,
      );
      const limited = await runCli(['memory', 'search', 'фIыуэ', '--limit', '1', '--memory', memory, '--as', 'boris']);
      expect(limited.stdout.split('\n').at(-2)).toBe(`1 of 3 units hold "фIыуэ" (--limit N for more), in ${memory}`);
    }
  });

  it('fuzzy gives near matches with percentages, within the context given', async () => {
    for (const memory of await memories()) {
      const args = ['memory', 'fuzzy', 'Откройте', 'файл', 'потом', '--from', 'ru', '--to', 'kbd', '--memory', memory];
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`no unit of ru -> kbd matches "Откройте файл потом" by 75% or more, in ${memory}\n`);
      const wider = JSON.parse((await runCli([...args, '--min', '60', '--json'])).stdout) as FuzzyJson;
      expect(wider.matches.map((m) => [m.percent, m.source])).toEqual([[66, 'Откройте файл сейчас']]);
      const menu = JSON.parse((await runCli([...args, '--min', '30', '--context', 'menu', '--json'])).stdout) as FuzzyJson;
      expect(menu.matches.map((m) => [m.percent, m.source, m.context])).toEqual([[33, 'Откройте папку сейчас', 'menu']]);
      const human = await runCli(['memory', 'fuzzy', 'откройте файл СЕЙЧАС!', '--from', 'ru', '--to', 'kbd', '--memory', memory]);
      expect(human.stdout).toBe(
        `99% ru -> kbd human by anna on 2026-03-05: "Откройте файл сейчас" -> "Файлыр иджыпсту зэ\u04C0ухэ"\n` +
          `1 near match of 75% or more (suggestions: translate uses exact matches only), in ${memory}\n`,
      );
    }
  });

  it('refuses a missing text, languages or a bad --min with a usage error', async () => {
    const [journal = ''] = await memories();
    const cases: [string[], string][] = [
      [['memory', 'search'], 'memory search needs a text'],
      [['memory', 'fuzzy', 'Откройте файл'], 'memory fuzzy needs --from and --to'],
      [
        ['memory', 'fuzzy', 'Откройте файл', '--from', 'ru', '--to', 'kbd', '--min', '0'],
        '--min must be a whole number from 1 to 100, got 0',
      ],
      [['memory', 'fuzzy', 'Откройте файл', '--from', 'ru', '--to', 'ru'], '--pair ru:ru names one language twice'],
      [['memory', 'search', 'утро', '--limit', '2.5'], '--limit must be a whole number from 1 up, got 2.5'],
    ];
    for (const [args, message] of cases) {
      const run = await runCli([...args, '--memory', journal, '--json']);
      expect(run.code).toBe(2);
      expect(jsonError(run).error).toMatchObject({ message, exit_code: 2 });
    }
  });
});
