// Every store in core behaves the same: the shared rule vectors (shared/vectors/memory-rules.json,
// which the hosts' own memories are held to as well) and the provenance cases, run over the
// in-memory store, the journal and the TMX file, the file stores also after a fresh open (what
// they persisted).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vectorTable from './memory-rule-vectors.json' with { type: 'json' };
import { acceptSuggestion } from '../src/memory/accept-suggestion.js';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import { JournalTranslationMemory } from '../src/memory/journal-store.js';
import { TmxFileTranslationMemory } from '../src/memory/tmx-file-store.js';
import type { MemoryFilter, MemoryUnit, MemoryUnitInput, StoreResult, TranslationMemory } from '../src/memory/types.js';

type VectorUnit = Omit<MemoryUnitInput, 'sourceLang' | 'targetLang'>;
interface Vectors {
  readonly store: readonly {
    why: string;
    held: VectorUnit[];
    store: VectorUnit[];
    result?: StoreResult;
    error?: boolean;
    units: VectorUnit[];
  }[];
  readonly lookup: readonly {
    why: string;
    held: VectorUnit[];
    sources: string[];
    contexts?: (string | null)[];
    asker?: string;
    answers: (string | null)[];
  }[];
  readonly remove: readonly { why: string; held: VectorUnit[]; filter: Omit<MemoryFilter, 'pair'>; removed: number; left: string[] }[];
}
const vectors = vectorTable as unknown as Vectors;

const ruKbd = { source: 'ru', target: 'kbd' } as const;
const ru = (unit: VectorUnit): MemoryUnitInput => ({ sourceLang: 'ru', targetLang: 'kbd', ...unit });
const unit = (source: string, target: string, origin: MemoryUnit['origin'], extra: Partial<MemoryUnitInput> = {}): MemoryUnitInput =>
  ru({ source, target, origin, created: '2026-01-01T00:00:00Z', ...extra });

/** What a unit says, without its languages and uses (which the vectors leave out). */
function said(unit: MemoryUnit): VectorUnit {
  const { sourceLang: _source, targetLang: _target, usageCount: _uses, ...rest } = unit;
  return rest;
}

async function all(memory: TranslationMemory): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const unit of memory.units()) units.push(unit);
  return units;
}

interface StoreKind {
  readonly name: string;
  /** A new empty store. */
  create(): Promise<TranslationMemory>;
  /** The same store as a new process opens it (the in-memory store: itself). */
  reopen(memory: TranslationMemory): Promise<TranslationMemory>;
}

let dir = '';
let files = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'circassian-contract-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KINDS: readonly StoreKind[] = [
  { name: 'InMemoryTranslationMemory', create: () => Promise.resolve(new InMemoryTranslationMemory()), reopen: (m) => Promise.resolve(m) },
  {
    name: 'JournalTranslationMemory',
    create: () => JournalTranslationMemory.open(join(dir, `${++files}.jsonl`)),
    reopen: (m) => JournalTranslationMemory.open((m as JournalTranslationMemory).path),
  },
  {
    name: 'TmxFileTranslationMemory',
    create: () => Promise.resolve(new TmxFileTranslationMemory(join(dir, `${++files}.tmx`))),
    reopen: (m) => Promise.resolve(new TmxFileTranslationMemory((m as TmxFileTranslationMemory).path)),
  },
];

async function holding(kind: StoreKind, held: readonly VectorUnit[]): Promise<TranslationMemory> {
  const memory = await kind.create();
  for (const unit of held) await memory.store([ru(unit)]);
  return memory;
}

describe.each(KINDS)('$name', (kind) => {
  describe('store rules (shared/vectors/memory-rules.json)', () => {
    it.each(vectors.store.map((v) => [v.why, v] as const))('%s', async (_why, vector) => {
      const memory = await holding(kind, vector.held);
      if (vector.error === true) await expect(memory.store(vector.store.map(ru))).rejects.toThrow(TypeError);
      else expect(await memory.store(vector.store.map(ru))).toEqual(vector.result);
      expect((await all(memory)).map(said)).toEqual(vector.units);
      expect((await all(await kind.reopen(memory))).map(said)).toEqual(vector.units);
    });
  });

  describe('lookup rules (shared/vectors/memory-rules.json)', () => {
    it.each(vectors.lookup.map((v) => [v.why, v] as const))('%s', async (_why, vector) => {
      const memory = await kind.reopen(await holding(kind, vector.held));
      const options = {
        ...(vector.contexts ? { contexts: vector.contexts.map((context) => context ?? undefined) } : {}),
        ...(vector.asker !== undefined ? { asker: vector.asker } : {}),
      };
      const found = await memory.lookup(ruKbd, vector.sources, options);
      expect(found.map((unit) => unit?.target ?? null)).toEqual(vector.answers);
    });
  });

  describe('remove rules (shared/vectors/memory-rules.json)', () => {
    it.each(vectors.remove.map((v) => [v.why, v] as const))('%s', async (_why, vector) => {
      const memory = await holding(kind, vector.held);
      expect(await memory.remove({ ...vector.filter, pair: ruKbd })).toBe(vector.removed);
      expect((await all(await kind.reopen(memory))).map((unit) => unit.source)).toEqual(vector.left);
      expect(await memory.remove({ pair: { source: 'en', target: 'kbd' } })).toBe(0);
    });
  });

  it('keeps provenance (creator, changer, where, context) across a reopen', async () => {
    const memory = await kind.create();
    const made = unit('Read', 'Прочитать', 'human', {
      creator: 'anna <a&b>',
      changer: 'boris "B"',
      changed: '2026-02-01T00:00:00Z',
      where: 'post:42',
      context: ' verb\n',
    });
    await memory.store([made]);
    const [found] = await (await kind.reopen(memory)).lookup(ruKbd, ['Read'], { contexts: [' verb\n'] });
    expect(found).toEqual({ ...made, usageCount: 0 });
  });

  it('counts a use on the unit that answered: the asker’s suggestion, in its context', async () => {
    const memory = await kind.create();
    await memory.store([
      unit('Привет', 'Сэлам', 'human', { creator: 'anna' }),
      unit('Привет', 'Салам', 'human', { creator: 'intern', suggestion: true }),
      unit('Привет', 'Привет!', 'human', { context: 'greeting' }),
    ]);
    await memory.recordUse(ruKbd, ['Привет', 'Привет'], { asker: 'intern', contexts: [undefined, 'greeting'] });
    await memory.recordUse(ruKbd, ['Привет']);
    const uses = (units: MemoryUnit[]) => units.map((u) => [u.target, u.usageCount]);
    // The TMX file keeps no use counts (a committed file would change with every reuse), so only this process's count.
    const expected = [
      ['Сэлам', 1],
      ['Салам', 1],
      ['Привет!', 1],
    ];
    expect(uses(await all(memory))).toEqual(expected);
    if (kind.name === 'JournalTranslationMemory') expect(uses(await all(await kind.reopen(memory)))).toEqual(expected);
  });

  it('counts every unit in the statistics: origins of the authoritative ones, suggestions apart', async () => {
    const memory = await kind.create();
    await memory.store([
      unit('один', 'зы', 'machine'),
      unit('два', 'тIу', 'human'),
      unit('три', 'щы', 'reviewed'),
      unit('три', 'щыщ', 'human', { creator: 'intern', suggestion: true }),
      { ...unit('one', 'зы', 'machine'), sourceLang: 'en' },
    ]);
    const stats = await memory.stats();
    expect(stats.pairs).toEqual([
      { source: 'en', target: 'kbd', units: 1, byOrigin: { machine: 1, human: 0, reviewed: 0 }, suggestions: 0, savedCharacters: 0 },
      { source: 'ru', target: 'kbd', units: 4, byOrigin: { machine: 1, human: 1, reviewed: 1 }, suggestions: 1, savedCharacters: 0 },
    ]);
    expect(await memory.clear(ruKbd)).toBe(4);
    expect((await (await kind.reopen(memory)).stats()).units).toBe(1);
  });

  it('accepts a suggestion: a human unit changed by the reviewer, the suggestion gone, for everyone', async () => {
    const memory = await kind.create();
    await memory.store([
      unit('Привет', 'машина', 'machine', { creator: 'circassian-cli' }),
      unit('Привет', 'Салам', 'human', { creator: 'intern', suggestion: true, created: '2026-01-02T00:00:00Z', where: 'post:7' }),
    ]);
    const ref = { pair: ruKbd, source: 'Привет', creator: 'intern' };
    expect(await acceptSuggestion(memory, { ...ref, creator: 'nobody' }, 'editor')).toEqual({ accepted: false, reason: 'no-suggestion' });
    const result = await acceptSuggestion(memory, ref, 'editor');
    expect(result).toMatchObject({ accepted: true, unit: { target: 'Салам', origin: 'human', changer: 'editor', where: 'post:7' } });
    const reopened = await kind.reopen(memory);
    expect((await all(reopened)).map((u) => [u.target, u.origin, u.suggestion ?? false, u.creator, u.changer])).toEqual([
      ['Салам', 'human', false, 'circassian-cli', 'editor'],
    ]);
    expect((await reopened.lookup(ruKbd, ['Привет']))[0]?.target).toBe('Салам');
  });

  it('accepts a suggestion over a reviewed unit only as reviewed', async () => {
    const memory = await kind.create();
    await memory.store([
      unit('Привет', 'Сэлам', 'reviewed', { creator: 'boris' }),
      unit('Привет', 'Салам', 'human', { creator: 'intern', suggestion: true }),
    ]);
    const ref = { pair: ruKbd, source: 'Привет', creator: 'intern' };
    expect(await acceptSuggestion(memory, ref, 'editor')).toEqual({ accepted: false, reason: 'kept-reviewed' });
    expect((await memory.lookup(ruKbd, ['Привет'], { asker: 'intern' }))[0]?.target).toBe('Салам');
    expect(await acceptSuggestion(memory, ref, 'editor', { as: 'reviewed' })).toMatchObject({
      accepted: true,
      unit: { origin: 'reviewed' },
    });
    expect((await all(memory)).map((u) => u.target)).toEqual(['Салам']);
  });
});
