/** A translation memory held in the process: for tests, and for a host that persists units its own way. */
import { MemoryIndex, memoryNow } from './memory-index.js';
import type {
  LanguagePair,
  LookupOptions,
  MemoryFilter,
  MemoryStats,
  MemoryUnit,
  MemoryUnitInput,
  StoreResult,
  TranslationMemory,
} from './types.js';

export class InMemoryTranslationMemory implements TranslationMemory {
  readonly #index = new MemoryIndex();

  constructor(units: readonly MemoryUnitInput[] = []) {
    this.#index.put(units, memoryNow());
  }

  lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    return Promise.resolve(this.#index.lookup(pair, sources, options));
  }
  store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    try {
      return Promise.resolve(this.#index.put(units, memoryNow()).result);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  recordUse(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<void> {
    this.#index.recordUse(pair, sources, options);
    return Promise.resolve();
  }
  remove(filter: MemoryFilter): Promise<number> {
    return Promise.resolve(this.#index.remove(filter));
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
