// A view over the workspace memory that changes one or two of its calls (a run's held units, the
// texts' typed forms) and hands every other call to the memory as it is.
import type {
  LanguagePair,
  LookupOptions,
  MemoryFilter,
  MemoryStats,
  MemoryUnit,
  MemoryUnitInput,
  StoreResult,
  TranslationMemory,
} from '@circassian/core';

export abstract class MemoryView implements TranslationMemory {
  protected constructor(protected readonly memory: TranslationMemory) {}

  lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    return this.memory.lookup(pair, sources, options);
  }

  store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    return this.memory.store(units);
  }

  recordUse(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<void> {
    return this.memory.recordUse(pair, sources, options);
  }

  remove(filter: MemoryFilter): Promise<number> {
    return this.memory.remove(filter);
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
}
