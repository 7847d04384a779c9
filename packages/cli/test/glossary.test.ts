import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pseudoTranslate } from '@circassian/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';

const CSV =
  'ru,kbd,type,note\r\nНальчик,,keep,город\r\nобновление,зэхъуэкӀыныгъэ,translate,\r\n,апдейт,forbidden,калька\r\nКоков,Ко́ков,say,\r\n';

/** The same terms as TBX, with the stem flag CSV cannot carry: Нальчик matches Нальчике too. */
const TBX = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="ru"><text><body>
<termEntry><langSet xml:lang="ru"><tig><term>Нальчик</term><termNote type="x-circassian-stem">yes</termNote></tig></langSet>
<langSet xml:lang="kbd"><tig><term>Нальчик</term></tig></langSet></termEntry>
<termEntry><langSet xml:lang="ru"><tig><term>обновление</term></tig></langSet>
<langSet xml:lang="kbd"><tig><term>зэхъуэкӀыныгъэ</term></tig><tig><term>апдейт</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig></langSet></termEntry>
</body></text></martif>
`;

// Each test runs the real executable several times (a few seconds each on a loaded machine).
describe('circassian and the glossary, against the local service', { timeout: 120_000 }, () => {
  const service = useCliService();
  const scratch = useScratchDir('glossary');
  const file = async (name: string, text: string) => {
    const path = join(scratch.path, name);
    await writeFile(path, text);
    return path;
  };
  /** The texts every translate and batch request carried since the counts in `before`. */
  const sentSince = async (before: { translate: number; batch: number }) => [
    ...(await service.calls('translate')).slice(before.translate).map((call) => (call.content?.request as { text: string }).text),
    ...(await service.calls('batch')).slice(before.batch).flatMap((call) => (call.content?.request as { texts: string[] }).texts),
  ];
  const counts = async () => ({ translate: (await service.calls('translate')).length, batch: (await service.calls('batch')).length });

  it('translate and batch --glossary send no keep term as text and print the agreed terms', async () => {
    const csv = await file('terms.csv', CSV);
    const tbx = await file('terms.tbx', TBX);
    const before = await counts();
    const one = await runCli(['translate', 'Обновление: Нальчик', '--from', 'ru', '--to', 'kbd', '--glossary', csv, '--no-memory'], {
      env: service.env,
    });
    expect(one.code).toBe(0);
    expect(one.stdout).toBe(
      `${pseudoTranslate('<x1/>: <x2/>', 'ru', 'kbd').replace('<x1/>', 'ЗэхъуэкӀыныгъэ').replace('<x2/>', 'Нальчик')}\n`,
    );
    const input = 'Я живу в Нальчике.\n\nВышло обновление\n';
    const lines = await runCli(['batch', '--from', 'ru', '--to', 'kbd', '--glossary', tbx, '--no-memory'], { env: service.env, input });
    expect(lines.code).toBe(0);
    expect(lines.stdout).toBe(
      [
        pseudoTranslate('Я живу в <x1/>.', 'ru', 'kbd').replace('<x1/>', 'Нальчик'),
        '',
        pseudoTranslate('Вышло <x1/>', 'ru', 'kbd').replace('<x1/>', 'зэхъуэкӀыныгъэ'),
        '',
      ].join('\n'),
    );
    const sent = await sentSince(before);
    expect(sent).toEqual(['<x1/>: <x2/>', 'Я живу в <x1/>.', 'Вышло <x1/>']);
  });

  it('batch prints each term problem with its line, and --json carries them', async () => {
    const tbx = await file('problems.tbx', TBX);
    await service.admin.injectFault({ operation: 'batch', markers: 'drop', count: 1 });
    const input = 'Привет\n\nНальчик\n';
    const run = await runCli(['batch', '--from', 'ru', '--to', 'kbd', '--glossary', tbx, '--no-memory', '--json'], {
      env: service.env,
      input,
    });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      glossary: { lost_terms: number; problems: { line: number; kind: string; source: string }[] };
    };
    expect(result.glossary.lost_terms).toBe(1);
    expect(result.glossary.problems).toMatchObject([{ line: 3, kind: 'missing', source: 'Нальчик' }]);
    expect(run.stderr).toContain('{"notice":"line 3: \\"Нальчик\\" is in the source but not in the target: it is kept as it is"}');
  });

  it('--glossary without --from is a usage error and sends nothing', async () => {
    const csv = await file('nofrom.csv', CSV);
    const before = await counts();
    const run = await runCli(['translate', 'Нальчик', '--to', 'kbd', '--glossary', csv, '--json'], { env: service.env });
    expect(run.code).toBe(2);
    expect(jsonError(run).error.message).toBe('--glossary needs --from');
    expect(await sentSince(before)).toEqual([]);
  });

  it('speak --glossary sends the respelling to the speech request and nothing else changes', async () => {
    const csv = await file('say.csv', CSV);
    const out = join(scratch.path, 'say.wav');
    const run = await runCli(['speak', 'Коков и Нальчик', '--language', 'ru', '-o', out, '--glossary', csv], { env: service.env });
    expect(run.code).toBe(0);
    expect((await service.calls('speech')).at(-1)?.content?.request).toMatchObject({ text: 'Ко́ков и Нальчик', language: 'ru' });
  });

  it('glossary check prints one line per problem and exits 8; 0 when clean; --files checks line by line', async () => {
    const csv = await file('check.csv', CSV);
    const args = ['glossary', 'check', '--from', 'ru', '--to', 'kbd', '--glossary', csv];
    const bad = await runCli([...args, 'Вышло обновление', 'Апдейт къыдэкӀащ']);
    expect(bad.code).toBe(8);
    expect(bad.stdout).toBe(
      '"обновление" is in the source but its agreed translation "зэхъуэкӀыныгъэ" is not in the target\nforbidden word "Апдейт" in the target (калька)\n',
    );
    expect(bad.stderr).toBe('circassian: 2 term problems\n');
    const clean = await runCli([...args, 'Вышло обновление', 'ЗэхъуэкӀыныгъэр къыдэкӀащ']);
    expect([clean.code, clean.stdout]).toEqual([0, '']);
    const source = await file('site.ru.txt', 'Нальчик\nВышло обновление\n');
    const target = await file('site.kbd.txt', 'Нальчик\nапдейт\n');
    const lines = await runCli([...args, '--files', source, target]);
    expect(lines.code).toBe(8);
    expect(lines.stdout).toBe(
      `${target}:2: "обновление" is in the source but its agreed translation "зэхъуэкӀыныгъэ" is not in the target\n${target}:2: forbidden word "апдейт" in the target (калька)\n`,
    );
  });

  it('glossary import fills the default glossary, which translate then applies; an invalid file changes nothing', async () => {
    const env = { ...service.env, XDG_DATA_HOME: join(scratch.path, 'data') };
    const store = join(scratch.path, 'data', 'circassian', 'glossary.tbx');
    const imported = await runCli(['glossary', 'import', await file('import.csv', CSV)], { env });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('4 new, 0 replaced');
    const before = await readFile(store, 'utf8');
    const broken = await runCli(['glossary', 'import', await file('broken.csv', 'ru,kbd,type,note\r\nсайт,,translate,\r\n')], { env });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('line 2: "сайт" has no target term');
    const cut = await runCli(['glossary', 'import', await file('cut.tbx', TBX.slice(0, 200))], { env });
    expect(cut.code).toBe(2);
    expect(await readFile(store, 'utf8')).toBe(before);

    const sentBefore = await counts();
    const run = await runCli(['translate', 'Нальчик', '--from', 'ru', '--to', 'kbd', '--no-memory'], { env });
    expect(run.stdout).toBe('[kbd] Нальчик\n');
    expect(await sentSince(sentBefore)).toEqual(['<x1/>']);

    // Export: CSV of the one pair, byte for byte what the contract says; TBX that imports back to the same bytes.
    const csvOut = join(scratch.path, 'export.csv');
    expect((await runCli(['glossary', 'export', '-o', csvOut], { env })).code).toBe(0);
    expect(await readFile(csvOut, 'utf8')).toBe(CSV.replace('Нальчик,,keep', 'Нальчик,Нальчик,keep'));
    const tbxOut = join(scratch.path, 'export.tbx');
    await runCli(['glossary', 'export', '-o', tbxOut], { env });
    expect(await readFile(tbxOut, 'utf8')).toBe(before);
    // A second pair: a CSV needs --pair.
    await runCli(['glossary', 'import', await file('en.csv', 'en,kbd,type\r\nwebsite,сайт,translate\r\n')], { env });
    const ambiguous = await runCli(['glossary', 'export', '-o', csvOut], { env });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('a CSV holds one language pair; the glossary has ru:kbd, en:kbd');
    // Forbidden words go with their target language, whatever the source: the en:kbd CSV carries апдейт too.
    expect((await runCli(['glossary', 'export', '-o', '-', '--pair', 'en:kbd', '--format', 'csv'], { env })).stdout).toBe(
      'en,kbd,type,note\r\n,апдейт,forbidden,калька\r\nwebsite,сайт,translate,\r\n',
    );
  });
});
