/**
 * The glossary (`@circassian/core/glossary`, also exported from the main entry): agreed terms per
 * language pair, applied around translation (the client's `glossary` option), checked on any
 * source and target text, used by speech (say-as), exchanged as TBX-Basic and CSV. No Node API
 * and no HTTP code: hosts load it in editors and browsers too.
 */
export { Glossary, GlossaryError, mergeGlossaries, entryIdentity } from './glossary/glossary.js';
export { GLOSSARY_ENTRY_TYPES, type GlossaryEntry, type GlossaryEntryType, type TermProblem } from './glossary/types.js';
export { TermMatcher, type TermMatch } from './glossary/term-matcher.js';
export { protectTerms, restoreTerms, agreedForm, type ProtectedTerm, type ProtectedText, type RestoredText } from './glossary/protect.js';
export { checkTerms, memoryUnitProblems, describeTermProblem } from './glossary/check.js';
export { sayAs } from './glossary/say-as.js';
export { useGlossary, type GlossaryReport, type GlossaryUse } from './glossary/apply.js';
export { readGlossaryCsv, writeGlossaryCsv } from './glossary/csv.js';
export { readTbx, type TbxRead, type TbxSkipped } from './glossary/tbx-read.js';
export { writeTbx } from './glossary/tbx-write.js';
export { GLOSSARY_ENDINGS, MIN_STEM_LENGTH, type LanguageEndings } from './glossary/suffixes.js';
