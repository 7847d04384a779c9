import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalTranslationMemory } from '../src/memory/journal-store.js';
import type { MemoryUnitInput } from '../src/memory/types.js';

const ruKbd = { source: 'ru', target: 'kbd' } as const;
const unit = (source: string, target: string, origin: 'machine' | 'human' = 'machine'): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin,
});

describe('JournalTranslationMemory', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'circassian-journal-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps units, human corrections and uses across opens, creating its folder on the first write', async () => {
    const path = join(dir, 'a', 'b', 'memory.jsonl');
    const first = await JournalTranslationMemory.open(path);
    await first.store([unit('один', 'зы'), unit('два', 'тIу')]);
    await first.store([unit('два', 'тIуу', 'human')]);
    await first.recordUse(ruKbd, ['один']);
    const second = await JournalTranslationMemory.open(path);
    expect((await second.lookup(ruKbd, ['два']))[0]).toMatchObject({ target: 'тIуу', origin: 'human' });
    expect(await second.store([unit('два', 'машина')])).toMatchObject({ stored: 0, keptHuman: 1 });
    expect((await second.stats()).savedCharacters).toBe(6);
    expect((await readFile(path, 'utf8')).split('\n')[0]).toBe('{"circassian-memory":1}');
  });

  it('loads a journal written before provenance (no contexts, suggestions or changers), uses included, and adds to it', async () => {
    const path = join(dir, 'older.jsonl');
    const put = (source: string, target: string, origin: string) =>
      JSON.stringify({
        put: { sourceLang: 'ru', targetLang: 'kbd', source, target, origin, created: '2026-01-01T00:00:00Z', usageCount: 0 },
      });
    await writeFile(
      path,
      [
        '{"circassian-memory":1}',
        put('один', 'зы', 'machine'),
        put('два', 'тIу', 'human'),
        '{"use":{"pair":"ru:kbd","sources":["один","два"]}}',
        '',
      ].join('\n'),
    );
    const memory = await JournalTranslationMemory.open(path);
    expect((await memory.lookup(ruKbd, ['один', 'два'])).map((u) => [u?.target, u?.origin, u?.usageCount])).toEqual([
      ['зы', 'machine', 1],
      ['тIу', 'human', 1],
    ]);
    await memory.store([{ ...unit('два', 'тIуу', 'human'), creator: 'intern', suggestion: true }]);
    const reopened = await JournalTranslationMemory.open(path);
    expect((await reopened.lookup(ruKbd, ['два'], { asker: 'intern' }))[0]).toMatchObject({ target: 'тIуу', suggestion: true });
    expect((await reopened.lookup(ruKbd, ['два']))[0]).toMatchObject({ target: 'тIу', usageCount: 1 });
  });

  it('drops a line torn by a crash mid-write, and appends after it cleanly', async () => {
    const path = join(dir, 'torn.jsonl');
    await (await JournalTranslationMemory.open(path)).store([unit('один', 'зы')]);
    await appendFile(path, '{"put":{"sourceLang":"ru","targetLa');
    const reopened = await JournalTranslationMemory.open(path);
    expect((await reopened.stats()).units).toBe(1);
    await reopened.store([unit('три', 'щы')]);
    expect((await (await JournalTranslationMemory.open(path)).stats()).units).toBe(2);
  });

  it('refuses a file that is not a journal and leaves it untouched', async () => {
    const path = join(dir, 'memory.tmx');
    await writeFile(path, '<?xml version="1.0"?>\n<tmx version="1.4"/>\n');
    await expect(JournalTranslationMemory.open(path)).rejects.toThrow(/not a Circassian memory journal/u);
    expect(await readFile(path, 'utf8')).toBe('<?xml version="1.0"?>\n<tmx version="1.4"/>\n');
  });

  it('clears one pair by rewriting the journal through a renamed temporary file', async () => {
    const path = join(dir, 'clear', 'memory.jsonl');
    const memory = await JournalTranslationMemory.open(path);
    await memory.store([unit('один', 'зы'), { ...unit('one', 'зы'), sourceLang: 'en' }]);
    expect(await memory.clear(ruKbd)).toBe(1);
    const reopened = await JournalTranslationMemory.open(path);
    expect((await reopened.stats()).pairs.map((p) => `${p.source}:${p.target}`)).toEqual(['en:kbd']);
    expect(await readdir(join(dir, 'clear'))).toEqual(['memory.jsonl']);
  });
});
