// memory import and export with TMX level 2 (issue 33): OmegaT's and other tools' files read whole,
// what is left out printed with its reason; inline codes exported as <ph>, <bpt>/<ept>.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';

/** The hand-written fixtures of core's TMX reader (packages/core/test/fixtures/tmx). */
const fixture = (name: string) => fileURLToPath(new URL(`../../core/test/fixtures/tmx/${name}`, import.meta.url));

describe('circassian memory import and export, TMX level 2', () => {
  const service = useCliService();
  const scratch = useScratchDir('memory-tmx-level2');

  it("imports OmegaT's project_save.tmx and a file of mixed source languages whole, printing what it left out and why", async () => {
    const memory = join(scratch.path, 'cat.jsonl');
    const omegat = await runCli(['memory', 'import', fixture('omegat-project_save.tmx'), '--memory', memory]);
    expect(omegat.code).toBe(0);
    expect(omegat.stdout).toBe(
      `imported 4 units from ${fixture('omegat-project_save.tmx')}: 4 new or changed, 0 already known\n` +
        'left out 1 (empty): <tu> 4, empty kbd-RU segment\n',
    );
    const mixed = await runCli(['memory', 'import', fixture('mixed-sources.tmx'), '--memory', memory, '--json']);
    expect(mixed.code).toBe(0);
    expect(JSON.parse(mixed.stdout)).toMatchObject({
      units: 6,
      stored: 6,
      skipped: { language: 3, empty: 1 },
      left_out: [
        { tu: 4, reason: 'language', detail: 'source language "de", not one the service translates' },
        { tu: 5, reason: 'empty', detail: 'empty source segment' },
        { tu: 6, reason: 'language', detail: 'no <tuv> in its source language "en"' },
        { tu: 7, reason: 'language', detail: 'target language "tlh", not one the service translates' },
      ],
    });
    // The OmegaT unit with placeholders answers with no request, its placeholders as typed.
    const before = (await service.calls('translate')).length;
    const run = await runCli(
      ['translate', 'Привет, {name}! У вас %d новых сообщений.', '--from', 'ru', '--to', 'kbd', '--memory', memory],
      {
        env: service.env,
      },
    );
    expect(run.stdout).toBe('Сэлам, {name}! Къэбар щӀэуэ %d уиӀэщ.\n');
    expect((await service.calls('translate')).length).toBe(before);
    // Exported as level 2: the placeholders as <ph>, OmegaT's tag pair (our marker pair) as <bpt>/<ept>.
    const exported = await runCli(['memory', 'export', '-o', '-', '--memory', memory]);
    expect(exported.stdout).toContain('<seg>Привет, <ph x="1">{name}</ph>! У вас <ph x="2">%d</ph> новых сообщений.</seg>');
    expect(exported.stdout).toContain(
      '<seg>Нажмите <bpt i="1" x="1">&lt;x1&gt;</bpt>Сохранить<ept i="1">&lt;/x1&gt;</ept>, чтобы продолжить.</seg>',
    );
    expect(exported.stdout).toContain('<seg>Спасибо, <ph x="1">${user}</ph></seg>');
  });
});
