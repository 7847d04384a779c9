// Units kept with their placeholders as typed (issue 33): the extension sends and keeps a text with
// its placeholders, tags and addresses as marks (`Привет, ⟦0⟧!`, logic/placeholders.ts), while a
// TMX from another tool, WordPress, Strapi or the CLI holds them as typed (`Привет, {name}!`), so
// an imported unit never answered a lookup of the masked text. The one rule, for every lookup the
// extension makes (Translate Selection, the hover, Translate File): a masked text the memory does
// not know is also looked up as typed, and a unit found so answers when its translation holds the
// same placeholders (the rule a hand edit is taught by, logic/memory-teaching.ts), its marks
// numbered as the text's; a human unit as typed wins over a machine one masked. Imported units
// stay as the file had them (an export gives `{name}` back to the other tool, not `⟦0⟧`).
import type { LanguagePair, LookupOptions, MemoryUnit, TranslationMemory } from '@circassian/core';
import { correctionPair } from '../logic/memory-teaching';
import { unmaskPlaceholders, type Masked } from '../logic/placeholders';
import { MemoryView } from './memory-view';

type Strength = (origin: MemoryUnit['origin']) => number;

export class TypedFormMemory extends MemoryView {
  /** A masked text (trimmed, as lookups ask) -> the text as typed (trimmed), for texts with marks. */
  readonly #typed = new Map<string, string>();
  /** The masked texts a unit as typed answered, and that unit's source: what recordUse records. */
  readonly #answeredAsTyped = new Map<string, string>();

  private constructor(
    memory: TranslationMemory,
    texts: readonly Masked[],
    private readonly protect: RegExp | undefined,
    private readonly strength: Strength,
  ) {
    super(memory);
    for (const masked of texts) {
      const typed = unmaskPlaceholders(masked.text, masked)?.trim();
      if (typed !== undefined && typed !== masked.text.trim()) this.#typed.set(masked.text.trim(), typed);
    }
  }

  /** The memory as the lookups of these texts, masked under `protect`, see it. */
  static async over(memory: TranslationMemory, texts: readonly Masked[], protect: RegExp | undefined): Promise<TypedFormMemory> {
    // Loaded on first use, as the memory's store is: activation loads no client code.
    const { originStrength } = await import('@circassian/core');
    return new TypedFormMemory(memory, texts, protect, originStrength);
  }

  override async lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    const found = await this.memory.lookup(pair, sources, options);
    const asked = sources.flatMap((source, index) => {
      const typed = this.#typed.get(source.trim());
      return typed === undefined ? [] : [{ index, typed }];
    });
    if (asked.length === 0) return found;
    const contexts = options?.contexts;
    const typedUnits = await this.memory.lookup(
      pair,
      asked.map(({ typed }) => typed),
      { ...options, ...(contexts ? { contexts: asked.map(({ index }) => contexts[index]) } : {}) },
    );
    asked.forEach(({ index, typed }, position) => {
      const unit = typedUnits[position];
      const masked = found[index];
      const source = (sources[index] ?? '').trim();
      if (!unit || (masked && this.strength(masked.origin) >= this.strength(unit.origin))) return;
      // Its translation in the form of the masked text's: the same placeholders, else it does not answer.
      const form = correctionPair(this.protect ? { protect: this.protect } : {}, typed, unit.target.trim());
      if (!form || form.source !== source) return;
      found[index] = { ...unit, source, target: form.target };
      this.#answeredAsTyped.set(source, typed);
    });
    return found;
  }

  /** Records the use of each text under the form that answered it. */
  override recordUse(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<void> {
    return this.memory.recordUse(
      pair,
      sources.map((source) => this.#answeredAsTyped.get(source.trim()) ?? source),
      options,
    );
  }
}

/** The memory with the texts' typed forms (see above); undefined when there is no memory. */
export async function withTypedForms(
  memory: TranslationMemory | undefined,
  texts: readonly Masked[],
  protect: RegExp | undefined,
): Promise<TranslationMemory | undefined> {
  return memory && TypedFormMemory.over(memory, texts, protect);
}
