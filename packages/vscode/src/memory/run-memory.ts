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
  MemoryUnit,
  MemoryUnitInput,
  StoreResult,
  TranslationMemory,
} from '@circassian/core';
import { MemoryView } from './memory-view';

export class RunMemory extends MemoryView {
  #pending: MemoryUnitInput[] = [];
  #held: InMemoryTranslationMemory;

  private constructor(
    memory: TranslationMemory,
    private readonly hold: () => InMemoryTranslationMemory,
    private readonly nothingStored: StoreResult,
  ) {
    super(memory);
    this.#held = hold();
  }

  static async over(memory: TranslationMemory): Promise<RunMemory> {
    // Loaded on first use, as the workspace memory's store is: activation loads no client code.
    const { InMemoryTranslationMemory, NOTHING_STORED } = await import('@circassian/core');
    return new RunMemory(memory, () => new InMemoryTranslationMemory(), NOTHING_STORED);
  }

  override async lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    const found = await this.memory.lookup(pair, sources, options);
    if (this.#pending.length === 0) return found;
    const held = await this.#held.lookup(pair, sources, options);
    return found.map((unit, index) => unit ?? held[index]);
  }

  /** Held until `flush`; answers as the memory would for new units. */
  override async store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    this.#pending.push(...units);
    return this.#held.store(units);
  }

  /** From the memory and from what the run holds. */
  override async remove(filter: MemoryFilter): Promise<number> {
    return (await this.memory.remove(filter)) + (await this.#held.remove(filter));
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
