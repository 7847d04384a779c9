/**
 * The translation memory: the match rule, the stores, TMX 1.4b reading and writing. A client call
 * consults a memory through its `memory` option (`translate`, `translateBatch`).
 */
export { memoryKey, splitSurroundingWhitespace, restoreSurroundingWhitespace, type SurroundedText } from './memory/memory-key.js';
export { InMemoryTranslationMemory } from './memory/in-memory-store.js';
export { unitCharacters, matchesFilter as matchesMemoryFilter, NOTHING_STORED } from './memory/memory-index.js';
export { originStrength, unitAuthor } from './memory/memory-rules.js';
export { acceptSuggestion, type AcceptOptions, type AcceptResult, type SuggestionRef } from './memory/accept-suggestion.js';
export { fuzzySimilarity, fuzzyWords } from './memory/fuzzy-similarity.js';
export { MEMORY_ORIGINS } from './memory/types.js';
export type * from './memory/types.js';
export { readTmx, type TmxReadItem } from './memory/tmx-read.js';
export { sourceFromMemory, detectedAnswerUnits, type MemorySource } from './memory/memory-source.js';
/**
 * The memory-aware translation the client's `translate` and `translateBatch` run, for a caller
 * whose client may not exist yet: the memory is looked up once, and `send` is called only for the
 * texts it does not know, so a caller builds its client (and asks for a key) there, when a request
 * is needed, and never for texts the memory answers whole.
 */
export { translateWithMemory, type AnswerSource, type MemoryBatchOptions, type MemoryTranslation } from './memory/translate-with-memory.js';
export { writeTmx, TMX_ORIGIN_PROP, TMX_PROPS, TMX_SUGGESTION_STATUS, type TmxWriteOptions } from './memory/tmx-write.js';
export { JournalTranslationMemory, MemoryFileError } from './memory/journal-store.js';
export { TmxFileTranslationMemory, type TmxFileOptions } from './memory/tmx-file-store.js';
export { XmlSyntaxError as TmxSyntaxError } from './internal/xml-stream.js';
