import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMemoryPath } from '../src/memory-file.js';
import { jsonError, runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';

const HUMAN_TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="OmegaT" creationtoolversion="6" segtype="sentence" o-tmf="x" adminlang="en" srclang="ru" datatype="plaintext"/>
<body>
<tu creationdate="20260101T000000Z"><tuv xml:lang="ru-RU"><seg>Доброе утро</seg></tuv><tuv xml:lang="kbd"><seg>Уи пщэддджыжь ф\u04C0ыуэ</seg></tuv></tu>
<tu><tuv xml:lang="ru"><seg>Нажмите <ph x="1"/> здесь</seg></tuv><tuv xml:lang="kbd"><seg>Мыбдеж <ph x="1"/></seg></tuv></tu>
</body></tmx>
`;

describe('circassian and the translation memory, against the local service', () => {
  const service = useCliService();
  const scratch = useScratchDir('memory');
  const calls = async (operation: 'translate' | 'batch') => (await service.calls(operation)).length;

  it('the same batch call twice makes no second batch request, and says what came from the memory', async () => {
    const memory = join(scratch.path, 'batch.jsonl');
    const input = 'Good morning\n\nThank you\n  See you tomorrow\n';
    const args = ['batch', '--from', 'en', '--to', 'kbd', '--memory', memory];
    const before = await calls('batch');
    const first = await runCli(args, { env: service.env, input });
    expect(first.code).toBe(0);
    expect(await calls('batch')).toBe(before + 1);
    const second = await runCli(args, { env: service.env, input });
    expect(second.code).toBe(0);
    expect(await calls('batch')).toBe(before + 1);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('circassian: 3 of 3 lines from the translation memory (37 characters not sent)\n');
    // --no-memory bypasses it; without --from, lines known in English only are answered from it too.
    await runCli([...args.slice(0, -2), '--no-memory'], { env: service.env, input });
    expect(await calls('batch')).toBe(before + 2);
    const detected = await runCli(['batch', '--to', 'kbd', '--memory', memory], { env: service.env, input });
    expect(await calls('batch')).toBe(before + 2);
    expect(detected.stdout).toBe(first.stdout);
  });

  it('without --from, the same call twice makes no second request: answers are kept under the language the service detected', async () => {
    const memory = join(scratch.path, 'detected.jsonl');
    const beforeTranslate = await calls('translate');
    const once = ['translate', 'Good night', '--to', 'kbd', '--memory', memory, '--json'];
    const first = JSON.parse((await runCli(once, { env: service.env })).stdout) as { text: string; source_lang: string; memory: unknown };
    const second = JSON.parse((await runCli(once, { env: service.env })).stdout) as { text: string; source_lang: string; memory: unknown };
    expect(await calls('translate')).toBe(beforeTranslate + 1);
    expect(first.memory).toEqual({ consulted: true, hits: 0, characters: 0, stored: 1 });
    expect(second).toEqual({ ...first, memory: { consulted: true, hits: 1, characters: 10, stored: 0 } });
    const input = 'Good night\nSee you soon\n';
    const beforeBatch = await calls('batch');
    const lines = await runCli(['batch', '--to', 'kbd', '--memory', memory], { env: service.env, input });
    const again = await runCli(['batch', '--to', 'kbd', '--memory', memory], { env: service.env, input });
    expect(await calls('batch')).toBe(beforeBatch + 1);
    expect(again.stdout).toBe(lines.stdout);
    expect(again.stderr).toBe('circassian: 2 of 2 lines from the translation memory (22 characters not sent)\n');
    const stats = await runCli(['memory', 'stats', '--memory', memory]);
    expect(stats.stdout).toContain(`${first.source_lang} -> kbd: 2 units (0 human, 2 machine)`);
    // A file the memory knows in part, in English only: one detect call names the language, and only the new line is sent.
    const beforeDetect = (await service.calls('detect')).length;
    const grown = await runCli(['batch', '--to', 'kbd', '--memory', memory], { env: service.env, input: `${input}Thank you all\n` });
    expect(grown.stdout.startsWith(again.stdout)).toBe(true);
    expect(grown.stderr).toBe('circassian: 2 of 3 lines from the translation memory (22 characters not sent)\n');
    expect((await service.calls('detect')).length).toBe(beforeDetect + 1);
    const sent = (await service.calls('batch')).at(-1);
    expect(sent?.content?.request).toMatchObject({ texts: ['Thank you all'], source_lang: first.source_lang });
    // More lines than one request carries: each request is detected on its own, so nothing is filed under one language.
    const many = Array.from({ length: 51 }, (_, i) => `Line number ${i + 1}`).join('\n');
    const split = await runCli(['batch', '--to', 'kbd', '--memory', memory], { env: service.env, input: many });
    expect(split.code).toBe(0);
    expect(split.stderr).toContain('the 51 lines took 2 requests with the language detected in each; give --from');
    expect((await runCli(['memory', 'stats', '--memory', memory])).stdout).toContain(' -> kbd: 3 units');
    // Eight runs of the real CLI: 41 s at load 15 on this 2-core machine, past the unit lane's 30 s.
  }, 120_000);

  it('the same translate call twice makes no second translate request; --json reports the memory', async () => {
    const memory = join(scratch.path, 'translate.jsonl');
    const args = ['translate', 'к1уэ', '--from', 'kbd', '--to', 'ru', '--memory', memory, '--json'];
    const before = await calls('translate');
    const first = JSON.parse((await runCli(args, { env: service.env })).stdout) as { text: string; memory: unknown };
    const second = JSON.parse((await runCli(args, { env: service.env })).stdout) as { text: string; memory: unknown };
    expect(await calls('translate')).toBe(before + 1);
    expect(second.text).toBe(first.text);
    expect(first.memory).toEqual({ consulted: true, hits: 0, characters: 0, stored: 1 });
    expect(second.memory).toEqual({ consulted: true, hits: 1, characters: 4, stored: 0 });
  });

  it('uses the memory in the data folder by default (XDG_DATA_HOME)', async () => {
    const dataHome = join(scratch.path, 'data-home');
    const env = { ...service.env, XDG_DATA_HOME: dataHome };
    const before = await calls('translate');
    await runCli(['translate', 'Good evening', '--from', 'en', '--to', 'ady'], { env });
    await runCli(['translate', 'Good evening', '--from', 'en', '--to', 'ady'], { env });
    expect(await calls('translate')).toBe(before + 1);
    expect(existsSync(join(dataHome, 'circassian', 'memory.jsonl'))).toBe(true);
  });

  it('an imported human translation answers with no request; a unit with inline code is read, its code our marker', async () => {
    const memory = join(scratch.path, 'import.jsonl');
    const tmx = join(scratch.path, 'human.tmx');
    await writeFile(tmx, HUMAN_TMX);
    const imported = await runCli(['memory', 'import', tmx, '--memory', memory]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe(`imported 2 units from ${tmx}: 2 new or changed, 0 already known\n`);
    const before = await calls('translate');
    const run = await runCli(['translate', ' Доброе утро', '--from', 'ru', '--to', 'kbd', '--memory', memory], { env: service.env });
    expect(run.stdout).toBe(' Уи пщэддджыжь ф\u04C0ыуэ\n');
    expect(await calls('translate')).toBe(before);
    // A machine answer never replaces it: a batch over it stores nothing new for that line.
    await runCli(['batch', '--from', 'ru', '--to', 'kbd', '--memory', memory], { env: service.env, input: 'Доброе утро\nДобрый вечер\n' });
    const stats = JSON.parse((await runCli(['memory', 'stats', '--memory', memory, '--json'])).stdout) as {
      units: number;
      pairs: { source: string; target: string; units: number; by_origin: { human: number; machine: number }; saved_characters: number }[];
    };
    expect(stats.units).toBe(3);
    // "Доброе утро" (11) + its translation (19), answered twice.
    expect(stats.pairs).toEqual([
      { source: 'ru', target: 'kbd', units: 3, by_origin: { machine: 1, human: 2, reviewed: 0 }, suggestions: 0, saved_characters: 60 },
    ]);
  });

  it('export, import into a fresh memory, export again gives the same TMX; --origin human keeps the corrections only', async () => {
    const memory = join(scratch.path, 'roundtrip.jsonl');
    await runCli(['batch', '--from', 'en', '--to', 'kbd', '--memory', memory], { env: service.env, input: 'One\nTwo & three <b>\n' });
    await writeFile(join(scratch.path, 'human.tmx'), HUMAN_TMX);
    await runCli(['memory', 'import', 'human.tmx', '--memory', memory], { cwd: scratch.path });
    const first = await runCli(['memory', 'export', '-o', 'first.tmx', '--memory', memory], { cwd: scratch.path });
    expect(first.stdout).toBe('exported 4 units to first.tmx\n');
    await runCli(['memory', 'import', 'first.tmx', '--memory', 'fresh.jsonl'], { cwd: scratch.path });
    const second = await runCli(['memory', 'export', '-o', '-', '--memory', 'fresh.jsonl'], { cwd: scratch.path });
    expect(second.stdout).toBe(await readFile(join(scratch.path, 'first.tmx'), 'utf8'));
    const human = await runCli(['memory', 'export', '-o', '-', '--origin', 'human', '--memory', memory], { cwd: scratch.path });
    expect(human.stdout.match(/<tu /gu)).toHaveLength(2);
    expect(human.stdout).toContain('<prop type="x-circassian-origin">human</prop>');
  });

  it('clear --pair removes one language pair only', async () => {
    const memory = join(scratch.path, 'clear.jsonl');
    await runCli(['batch', '--from', 'en', '--to', 'kbd', '--memory', memory], { env: service.env, input: 'One\nTwo\n' });
    await runCli(['batch', '--from', 'en', '--to', 'ru', '--memory', memory], { env: service.env, input: 'One\n' });
    const cleared = await runCli(['memory', 'clear', '--pair', 'en:kbd', '--memory', memory]);
    expect(cleared.stdout).toBe('removed 2 units of en -> kbd\n');
    const stats = await runCli(['memory', 'stats', '--memory', memory]);
    expect(stats.stdout).toBe(`en -> ru: 1 units (0 human, 1 machine), 0 characters saved\n1 units, 0 characters saved, in ${memory}\n`);
  });

  it('refuses bad input with a usage error and loses nothing', async () => {
    const tmx = join(scratch.path, 'not-a-journal.jsonl');
    await writeFile(tmx, HUMAN_TMX);
    const wrongFile = await runCli(['translate', 'x', '--from', 'en', '--to', 'ru', '--memory', tmx, '--json'], { env: service.env });
    expect(wrongFile.code).toBe(2);
    expect(jsonError(wrongFile).error.message).toMatch(/is not a Circassian memory journal/u);
    expect(await readFile(tmx, 'utf8')).toBe(HUMAN_TMX);
    const badPair = await runCli(['memory', 'clear', '--pair', 'ru-kbd', '--memory', join(scratch.path, 'x.jsonl')]);
    expect(badPair.code).toBe(2);
    expect(badPair.stderr).toContain('--pair ru-kbd is not SOURCE:TARGET');
    const missing = await runCli(['memory', 'import', 'nope.tmx', '--memory', join(scratch.path, 'x.jsonl')], { cwd: scratch.path });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read nope.tmx: no such file');
    const broken = join(scratch.path, 'broken.tmx');
    await writeFile(broken, HUMAN_TMX.slice(0, HUMAN_TMX.indexOf('<tu><tuv') + 12));
    const cut = await runCli(['memory', 'import', broken, '--memory', join(scratch.path, 'x.jsonl')]);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toContain('is not readable TMX');
    const noAction = await runCli(['memory']);
    expect(noAction.code).toBe(2);
  });
  it('a file that is not a whole TMX document imports nothing: exit code 2, the memory file byte for byte as it was', async () => {
    const memory = join(scratch.path, 'kept.jsonl');
    await writeFile(join(scratch.path, 'human.tmx'), HUMAN_TMX);
    await runCli(['memory', 'import', 'human.tmx', '--memory', memory], { cwd: scratch.path });
    const before = await readFile(memory, 'utf8');
    const secondUnit = HUMAN_TMX.indexOf('<tu><tuv');
    const inputs: Record<string, string> = {
      'note.tmx': 'Доброе утро: not XML at all\n',
      'data.tmx': '{"ru": "Доброе утро"}\n',
      'page.tmx': '<html><body><p>Доброе утро</p></body></html>\n',
      // Cut between two units: every tag read is whole, so only the missing </tmx> tells.
      'cut.tmx': HUMAN_TMX.replace('Доброе утро', 'Добрый день').slice(0, secondUnit),
    };
    for (const [name, text] of Object.entries(inputs)) {
      await writeFile(join(scratch.path, name), text);
      const run = await runCli(['memory', 'import', name, '--memory', memory], { cwd: scratch.path });
      expect(run.code, name).toBe(2);
      expect(run.stderr, name).toContain(`${name} is not readable TMX`);
      expect(run.stderr, name).toContain('nothing was imported');
      expect(await readFile(memory, 'utf8'), name).toBe(before);
    }
  });

  it('a .tmx file as --memory is used as TMX (a VS Code workspace memory a team commits): answered from, added to, counted', async () => {
    const team = join(scratch.path, 'team-memory.tmx');
    await writeFile(team, HUMAN_TMX);
    const before = await calls('translate');
    const known = await runCli(['translate', 'Доброе утро', '--from', 'ru', '--to', 'kbd', '--memory', team], { env: service.env });
    expect(known.stdout).toBe('Уи пщэддджыжь ф\u04C0ыуэ\n');
    expect(await calls('translate')).toBe(before);
    await runCli(['batch', '--from', 'en', '--to', 'kbd', '--memory', team], { env: service.env, input: 'One\n' });
    const written = await readFile(team, 'utf8');
    expect(written).toMatch(/^<\?xml[^]*<tmx version="1.4">[^]*<seg>One<\/seg>[^]*<\/tmx>\n$/u);
    expect(written).toContain('<seg>Уи пщэддджыжь ф\u04C0ыуэ</seg>');
    const stats = await runCli(['memory', 'stats', '--memory', team]);
    expect(stats.stdout).toContain('en -> kbd: 1 units (0 human, 1 machine)');
    expect(stats.stdout).toContain('ru -> kbd: 2 units (2 human, 0 machine)');
    const notes = join(scratch.path, 'notes.tmx');
    await writeFile(notes, 'not a memory\n');
    const refused = await runCli(['translate', 'x', '--from', 'en', '--to', 'ru', '--memory', notes], { env: service.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not a TMX document');
    expect(await readFile(notes, 'utf8')).toBe('not a memory\n');
  });

  it('an export it cannot write (a folder, a missing folder) is a usage error and leaves no partial file', async () => {
    const memory = join(scratch.path, 'export-errors.jsonl');
    await writeFile(join(scratch.path, 'human.tmx'), HUMAN_TMX);
    await runCli(['memory', 'import', 'human.tmx', '--memory', memory], { cwd: scratch.path });
    const folder = await runCli(['memory', 'export', '-o', scratch.path, '--memory', memory]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`cannot write ${scratch.path}: it is a folder`);
    expect(existsSync(`${scratch.path}.part`)).toBe(false);
    const missing = await runCli(['memory', 'export', '-o', 'no-such-folder/team.tmx', '--memory', memory], { cwd: scratch.path });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot write no-such-folder/team.tmx: no such folder');
  });

  it('refuses a pair of one language and an unknown origin, writing nothing', async () => {
    const memory = join(scratch.path, 'pairs.jsonl');
    await runCli(['batch', '--from', 'en', '--to', 'kbd', '--memory', memory], { env: service.env, input: 'One\n' });
    const before = await readFile(memory, 'utf8');
    const same = await runCli(['memory', 'clear', '--pair', 'kbd:kbd', '--memory', memory]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('--pair kbd:kbd names one language twice');
    const robot = await runCli(['memory', 'export', '-o', 'robot.tmx', '--origin', 'robot', '--memory', memory], { cwd: scratch.path });
    expect(robot.code).toBe(2);
    expect(robot.stderr).toContain('--origin robot is not an origin');
    expect(existsSync(join(scratch.path, 'robot.tmx'))).toBe(false);
    expect(await readFile(memory, 'utf8')).toBe(before);
  });
});

describe('the default memory file', () => {
  it('follows XDG_DATA_HOME, then each platform’s data folder', () => {
    expect(defaultMemoryPath({ XDG_DATA_HOME: '/x', HOME: '/h' }, 'linux')).toBe('/x/circassian/memory.jsonl');
    expect(defaultMemoryPath({ HOME: '/h' }, 'linux')).toBe('/h/.local/share/circassian/memory.jsonl');
    expect(defaultMemoryPath({ HOME: '/h' }, 'darwin')).toBe('/h/Library/Application Support/circassian/memory.jsonl');
    expect(defaultMemoryPath({ LOCALAPPDATA: 'C:\\Users\\m\\AppData\\Local' }, 'win32')).toMatch(/circassian[\\/]memory\.jsonl$/u);
    expect(defaultMemoryPath({}, 'linux')).toBeUndefined();
  });
});
