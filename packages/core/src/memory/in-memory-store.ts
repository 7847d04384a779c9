/** A translation memory held in the process: for tests, and for a host that persists units its own way. */
import { MemoryIndex, memoryNow, settled } from './memory-index.js';
import type {
  ConcordanceHit,
  ConcordanceOptions,
  FuzzyMatch,
  FuzzyOptions,
  LanguagePair,
  LookupOptions,
  MemoryFilter,
  MemoryStats,
  MemoryStoreOptions,
  MemoryUnit,
  MemoryUnitInput,
  StoreResult,
  SearchableTranslationMemory,
} from './types.js';

export class InMemoryTranslationMemory implements SearchableTranslationMemory {
  readonly #index = new MemoryIndex();

  /** `units` are held as given (a host seeding it with its rows); `options.creator` names the units stored later that name no creator. */
  constructor(
    units: readonly MemoryUnitInput[] = [],
    private readonly options: MemoryStoreOptions = {},
  ) {
    this.#index.put(units, memoryNow());
  }

  lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    return Promise.resolve(this.#index.lookup(pair, sources, options));
  }
  store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    return settled(() => this.#index.put(units, memoryNow(), this.options.creator).result);
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
  fuzzy(pair: LanguagePair, text: string, options?: FuzzyOptions): Promise<FuzzyMatch[]> {
    return settled(() => this.#index.fuzzy(pair, text, options));
  }
  search(phrase: string, options?: ConcordanceOptions): Promise<ConcordanceHit[]> {
    return settled(() => this.#index.search(phrase, options));
  }
  stats(): Promise<MemoryStats> {
    return Promise.resolve(this.#index.stats());
  }
  async *units(): AsyncIterable<MemoryUnit> {
    // A copy: a caller may store while it iterates (an export beside a running translation).
    yield* [...this.#index.units()];
  }
}
