/** A translation memory held in the process: for tests, and for a host that persists units its own way. */
import { MemoryIndex, memoryNow } from './memory-index.js';
import type { LanguagePair, MemoryStats, MemoryUnit, MemoryUnitInput, StoreResult, TranslationMemory } from './types.js';

export class InMemoryTranslationMemory implements TranslationMemory {
  readonly #index = new MemoryIndex();

  constructor(units: readonly MemoryUnitInput[] = []) {
    this.#index.put(units, memoryNow());
  }

  lookup(pair: LanguagePair, sources: readonly string[]): Promise<(MemoryUnit | undefined)[]> {
    return Promise.resolve(this.#index.lookup(pair, sources));
  }
  store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    return Promise.resolve(this.#index.put(units, memoryNow()).result);
  }
  recordUse(pair: LanguagePair, sources: readonly string[]): Promise<void> {
    this.#index.recordUse(pair, sources);
    return Promise.resolve();
  }
  clear(pair?: LanguagePair): Promise<number> {
    return Promise.resolve(this.#index.clear(pair));
  }
  stats(): Promise<MemoryStats> {
    return Promise.resolve(this.#index.stats());
  }
  async *units(): AsyncIterable<MemoryUnit> {
    // A copy: a caller may store while it iterates (an export beside a running translation).
    yield* [...this.#index.units()];
  }
}
