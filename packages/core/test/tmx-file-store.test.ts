import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmxFileTranslationMemory } from '../src/memory/tmx-file-store.js';
import { readTmx } from '../src/memory/tmx-read.js';
import type { MemoryUnitInput } from '../src/memory/types.js';

const ruKbd = { source: 'ru', target: 'kbd' } as const;
const unit = (source: string, target: string, origin: 'machine' | 'human' = 'machine'): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin,
  created: '2026-11-27T00:00:00Z',
});

describe('TmxFileTranslationMemory', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'circassian-tmx-file-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps units in a TMX file readTmx reads, creating its folder; a missing file is an empty memory', async () => {
    const path = join(dir, 'a', '.circassian', 'memory.tmx');
    const memory = new TmxFileTranslationMemory(path);
    expect(await memory.lookup(ruKbd, ['один'])).toEqual([undefined]);
    await memory.store([unit('один', 'зы'), unit('два', 'тIу')]);
    await memory.store([unit('два', 'тIуу', 'human')]);
    const read = [];
    for await (const item of readTmx(createReadStream(path))) read.push(item);
    expect(read.map((item) => (item.kind === 'unit' ? [item.unit.source, item.unit.target, item.unit.origin] : item))).toEqual([
      ['один', 'зы', 'machine'],
      ['два', 'тIуу', 'human'],
    ]);
    const again = new TmxFileTranslationMemory(path);
    expect(await again.store([unit('два', 'машина')])).toMatchObject({ stored: 0, keptHuman: 1 });
  });

  it('writes no use counts, so a run that only reused units leaves the committed file as it was', async () => {
    const path = join(dir, 'uses.tmx');
    const memory = new TmxFileTranslationMemory(path);
    await memory.store([unit('один', 'зы')]);
    const before = await readFile(path, 'utf8');
    await memory.recordUse(ruKbd, ['один']);
    await memory.store([unit('три', 'щы')]);
    const after = await readFile(path, 'utf8');
    expect(after).not.toContain('usagecount');
    // The diff is the new unit only: the old one's lines stay as they were, first.
    expect(after.startsWith(before.slice(0, before.indexOf('  </body>')))).toBe(true);
    expect((await memory.stats()).savedCharacters).toBe(6);
  });

  it('reads the file again when someone else changed it (a teammate’s pull)', async () => {
    const path = join(dir, 'pull.tmx');
    const mine = new TmxFileTranslationMemory(path);
    await mine.store([unit('один', 'зы')]);
    expect((await mine.lookup(ruKbd, ['два']))[0]).toBeUndefined();
    const theirs = new TmxFileTranslationMemory(join(dir, 'theirs.tmx'));
    await theirs.store([unit('один', 'зы'), unit('два', 'тIу', 'human')]);
    await writeFile(path, await readFile(join(dir, 'theirs.tmx')));
    expect((await mine.lookup(ruKbd, ['два']))[0]).toMatchObject({ target: 'тIу', origin: 'human' });
  });

  it('clears one language pair and rewrites the file without it', async () => {
    const path = join(dir, 'clear.tmx');
    const memory = new TmxFileTranslationMemory(path);
    await memory.store([unit('один', 'зы'), { ...unit('one', 'зы'), sourceLang: 'en' }]);
    expect(await memory.clear(ruKbd)).toBe(1);
    const text = await readFile(path, 'utf8');
    expect(text).toContain('<seg>one</seg>');
    expect(text).not.toContain('<seg>один</seg>');
  });

  it.each([
    ['a TMX cut short', '<tmx><body><tu>unclosed'],
    ['the CLI’s journal', '{"circassian-memory":1}\n{"put":{"source":"один"}}\n'],
  ])('refuses %s and never writes over it: the call fails, the file stays as it was', async (_what, text) => {
    const path = join(dir, 'not-tmx.tmx');
    await writeFile(path, text);
    const memory = new TmxFileTranslationMemory(path);
    await expect(memory.lookup(ruKbd, ['один'])).rejects.toThrow(/not a TMX document/);
    await expect(memory.store([unit('один', 'зы')])).rejects.toThrow(/not a TMX document/);
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});
