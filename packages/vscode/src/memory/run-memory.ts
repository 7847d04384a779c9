// A run's view of the workspace memory that holds the run's new units until the run ends, so a
// Translate File of forty batches rewrites the TMX file once, not forty times (each rewrite is the
// whole file: a 2,000-entry run wrote its growing file forty times). Lookups see the memory and
// the held units, the memory first: a human unit a teammate's pull brought in still wins over
// this run's machine answer. `flush` hands the held units to the memory in one store call (one
// atomic rewrite); the run calls it however it ends, so a cancelled or failed run keeps what it paid for.
import type {
  InMemoryTranslationMemory,
  LanguagePair,
  LookupOptions,
  MemoryFilter,
  MemoryStats,
  MemoryUnit,
  MemoryUnitInput,
  StoreResult,
  TranslationMemory,
} from '@circassian/core';

export class RunMemory implements TranslationMemory {
  #pending: MemoryUnitInput[] = [];
  #held: InMemoryTranslationMemory;

  private constructor(
    private readonly memory: TranslationMemory,
    private readonly hold: () => InMemoryTranslationMemory,
    private readonly nothingStored: StoreResult,
  ) {
    this.#held = hold();
  }

  static async over(memory: TranslationMemory): Promise<RunMemory> {
    // Loaded on first use, as the workspace memory's store is: activation loads no client code.
    const { InMemoryTranslationMemory, NOTHING_STORED } = await import('@circassian/core');
    return new RunMemory(memory, () => new InMemoryTranslationMemory(), NOTHING_STORED);
  }

  async lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    const found = await this.memory.lookup(pair, sources, options);
    if (this.#pending.length === 0) return found;
    const held = await this.#held.lookup(pair, sources, options);
    return found.map((unit, index) => unit ?? held[index]);
  }

  /** Held until `flush`; answers as the memory would for new units. */
  async store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    this.#pending.push(...units);
    return this.#held.store(units);
  }

  recordUse(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<void> {
    return this.memory.recordUse(pair, sources, options);
  }

  /** From the memory and from what the run holds. */
  async remove(filter: MemoryFilter): Promise<number> {
    return (await this.memory.remove(filter)) + (await this.#held.remove(filter));
  }

  clear(pair?: LanguagePair): Promise<number> {
    return this.memory.clear(pair);
  }

  stats(): Promise<MemoryStats> {
    return this.memory.stats();
  }

  units(): AsyncIterable<MemoryUnit> {
    return this.memory.units();
  }

  /** Units held and not yet in the memory. */
  get pending(): number {
    return this.#pending.length;
  }

  /** The held units into the memory in one store (one write of its file); nothing held, nothing written. */
  async flush(): Promise<StoreResult> {
    const units = this.#pending;
    if (units.length === 0) return this.nothingStored;
    const result = await this.memory.store(units);
    this.#pending = [];
    this.#held = this.hold();
    return result;
  }
}
