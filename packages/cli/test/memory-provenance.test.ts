// Who taught the memory what, through the real `circassian` against the local service: units the
// CLI stores name who ran it, `memory list` shows them (suggestions as such), `memory remove --by`
// takes one person's away, on the CLI's journal and on a TMX memory alike.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';

/** A team's TMX: a reviewed unit Boris made and Anna changed, Anna's human unit, an intern's suggestion, a unit that names no one. */
const TEAM_TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="circassian" creationtoolversion="1" segtype="sentence" o-tmf="circassian" adminlang="en" srclang="*all*" datatype="plaintext"/>
<body>
<tu srclang="ru" creationdate="20260301T000000Z" changedate="20260302T000000Z" creationid="boris" changeid="anna"><prop type="x-circassian-origin">reviewed</prop><prop type="x-circassian-context">verb</prop><tuv xml:lang="ru"><seg>Читать</seg></tuv><tuv xml:lang="kbd"><seg>Еджэн</seg></tuv></tu>
<tu srclang="ru" creationdate="20260303T000000Z" creationid="anna"><prop type="x-circassian-origin">human</prop><prop type="x-circassian-where">post:42</prop><tuv xml:lang="ru"><seg>Доброе утро</seg></tuv><tuv xml:lang="kbd"><seg>Уи пщэддджыжь ф\u04C0ыуэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260304T000000Z" creationid="intern"><prop type="x-circassian-origin">human</prop><prop type="x-circassian-status">suggestion</prop><tuv xml:lang="ru"><seg>Доброе утро</seg></tuv><tuv xml:lang="kbd"><seg>Пщэддджыжь ф\u04C0ыуэ</seg></tuv></tu>
<tu srclang="ru" creationdate="20260305T000000Z"><tuv xml:lang="ru"><seg>Спасибо</seg></tuv><tuv xml:lang="kbd"><seg>Упсэу</seg></tuv></tu>
</body></tmx>
`;

interface ListedUnit {
  source: string;
  origin: string;
  suggestion: boolean;
  by?: string;
  creator?: string;
  changer?: string;
  context?: string;
  where?: string;
}

describe('circassian memory list and remove --by, against the local service', () => {
  const service = useCliService();
  const scratch = useScratchDir('memory-provenance');

  it.each([
    ['the CLI’s journal', 'team.jsonl'],
    ['a TMX memory', 'team-memory.tmx'],
  ])(
    'on %s: the CLI’s units name who ran it; list shows who wrote what; remove --by takes one person’s away',
    async (_kind, name) => {
      const memory = join(scratch.path, name);
      await writeFile(join(scratch.path, `${name}.import.tmx`), TEAM_TMX);
      const imported = await runCli(['memory', 'import', `${name}.import.tmx`, '--memory', memory, '--as', 'lead'], { cwd: scratch.path });
      expect(imported.stdout).toBe(`imported 4 units from ${name}.import.tmx: 4 new or changed, 0 already known\n`);
      // Units the CLI stores name who ran it: $CIRCASSIAN_USER here.
      const env = { ...service.env, CIRCASSIAN_USER: 'alice' };
      await runCli(['batch', '--from', 'en', '--to', 'kbd', '--memory', memory], { env, input: 'One\nTwo\n' });

      const all = await runCli(['memory', 'list', '--memory', memory]);
      expect(all.stdout.split('\n')).toEqual([
        'ru -> kbd reviewed by anna on 2026-03-02: "Читать" -> "Еджэн" context "verb"',
        'ru -> kbd human by anna on 2026-03-03: "Доброе утро" -> "Уи пщэддджыжь ф\u04C0ыуэ" in post:42',
        'ru -> kbd suggestion (human) by intern on 2026-03-04: "Доброе утро" -> "Пщэддджыжь ф\u04C0ыуэ"',
        'ru -> kbd human by lead on 2026-03-05: "Спасибо" -> "Упсэу"',
        expect.stringMatching(/^en -> kbd machine by alice on \d{4}-\d\d-\d\d: "One" -> ".+"$/u),
        expect.stringMatching(/^en -> kbd machine by alice on \d{4}-\d\d-\d\d: "Two" -> ".+"$/u),
        `6 units (1 of them suggestions), in ${memory}`,
        '',
      ]);
      const annas = await runCli(['memory', 'list', '--by', 'anna', '--origin', 'human', '--json', '--memory', memory]);
      const listed = (JSON.parse(annas.stdout) as { units: ListedUnit[] }).units;
      expect(listed).toEqual([
        expect.objectContaining({
          source: 'Доброе утро',
          origin: 'human',
          suggestion: false,
          by: 'anna',
          creator: 'anna',
          where: 'post:42',
        }),
      ]);
      const byPair = await runCli(['memory', 'list', '--pair', 'en:kbd', '--by', 'anna', '--memory', memory]);
      expect(byPair.stdout).toBe(`0 units by anna, of en -> kbd, in ${memory}\n`);

      // Boris made the reviewed unit but Anna wrote its translation: removing Boris's teaching leaves it.
      expect((await runCli(['memory', 'remove', '--by', 'boris', '--memory', memory])).stdout).toBe('removed 0 units by boris\n');
      const removed = await runCli(['memory', 'remove', '--by', 'anna', '--origin', 'human', '--memory', memory]);
      expect(removed.stdout).toBe('removed 1 units by anna, human\n');
      const rest = await runCli(['memory', 'remove', '--by', 'anna', '--memory', memory, '--json']);
      expect(JSON.parse(rest.stdout)).toEqual({ removed: 1, by: 'anna' });
      const left = await runCli(['memory', 'list', '--json', '--memory', memory]);
      expect((JSON.parse(left.stdout) as { units: ListedUnit[] }).units.map((unit) => [unit.source, unit.by, unit.suggestion])).toEqual([
        ['Доброе утро', 'intern', true],
        ['Спасибо', 'lead', false],
        ['One', 'alice', false],
        ['Two', 'alice', false],
      ]);
      // The intern's suggestion answers no one else: the text goes to the service.
      const before = (await service.calls('translate')).length;
      await runCli(['translate', 'Доброе утро', '--from', 'ru', '--to', 'kbd', '--memory', memory], { env });
      expect(await service.calls('translate')).toHaveLength(before + 1);
      if (name.endsWith('.tmx')) {
        const file = await readFile(memory, 'utf8');
        expect(file).not.toContain('creationid="anna"');
        expect(file).toContain('<prop type="x-circassian-status">suggestion</prop>');
      }
      // Fourteen runs of the real CLI: at load 19 on this 2-core machine one takes about 4 s.
    },
    180_000,
  );

  it('remove needs --by, and refuses an empty name and an unknown origin, removing nothing', async () => {
    const memory = join(scratch.path, 'refusals.jsonl');
    await runCli(['batch', '--from', 'en', '--to', 'kbd', '--memory', memory], { env: service.env, input: 'One\n' });
    const before = await readFile(memory, 'utf8');
    const noBy = await runCli(['memory', 'remove', '--origin', 'machine', '--memory', memory, '--json']);
    expect(noBy.code).toBe(2);
    expect(jsonError(noBy).error.message).toBe('memory remove needs --by NAME');
    const empty = await runCli(['memory', 'remove', '--by', ' ', '--memory', memory]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--by needs a name');
    const robot = await runCli(['memory', 'list', '--origin', 'robot', '--memory', memory]);
    expect(robot.code).toBe(2);
    expect(robot.stderr).toContain('--origin robot is not an origin');
    expect(await readFile(memory, 'utf8')).toBe(before);
  }, 120_000);
});
