import { describe, expect, it } from 'vitest';
import {
  GLOSSARY_ENDINGS,
  Glossary,
  GlossaryError,
  MIN_STEM_LENGTH,
  checkTerms,
  protectTerms,
  readGlossaryCsv,
  restoreTerms,
  sayAs,
  writeGlossaryCsv,
  type GlossaryEntry,
  type GlossaryEntryType,
  type TranslationLanguage,
} from '../src/index.js';
import vectors from './glossary-vectors.json' with { type: 'json' };

type Language = TranslationLanguage;
interface VectorEntry {
  type: string;
  source: string;
  target: string;
  note?: string;
  stem?: boolean;
}

const entriesOf = (pair: string[], entries: VectorEntry[]): GlossaryEntry[] =>
  entries.map((entry) => ({
    ...entry,
    sourceLang: pair[0] as Language,
    targetLang: pair[1] as Language,
    type: entry.type as GlossaryEntryType,
  }));

describe('the glossary against shared/vectors/glossary.json', () => {
  it('carries the endings the vectors list, for each language', () => {
    expect(MIN_STEM_LENGTH).toBe(vectors.endings.minStem);
    for (const language of ['kbd', 'ady', 'ru'] as const) {
      expect(GLOSSARY_ENDINGS[language]).toEqual(vectors.endings[language]);
    }
  });

  it.each(vectors.matching.map((c) => [c.why, c] as const))('matching: %s', (_why, c) => {
    const other: Language = c.language === 'ru' ? 'kbd' : 'ru';
    const glossary = new Glossary([
      {
        sourceLang: c.language as Language,
        targetLang: other,
        type: 'keep',
        source: c.term,
        target: '',
        stem: c.stem,
        caseSensitive: c.caseSensitive,
      },
    ]);
    const found = glossary.sourceTerms({ source: c.language as Language, target: other }).find(c.text);
    expect(found.map((match) => match.text)).toEqual(c.found);
    for (const match of found) expect(c.text.slice(match.start, match.end)).toBe(match.text);
  });

  it.each(vectors.check.map((c) => [c.why, c] as const))('check: %s', (_why, c) => {
    const glossary = new Glossary(entriesOf(c.pair, c.entries));
    const problems = checkTerms(glossary, { source: c.pair[0] as Language, target: c.pair[1] as Language }, c.source, c.target);
    expect(problems.map((p) => (p.kind === 'missing' ? { kind: p.kind, term: p.entry.source } : { kind: p.kind, found: p.found }))).toEqual(
      c.problems,
    );
  });

  it.each(vectors.sayAs.map((c) => [c.why, c] as const))('say-as: %s', (_why, c) => {
    const other: Language = c.language === 'ru' ? 'kbd' : 'ru';
    const glossary = new Glossary(entriesOf([c.language, other], c.entries));
    expect(sayAs(glossary, c.language as Language, c.text)).toBe(c.said);
  });

  it.each(vectors.protect.map((c) => [c.why, c] as const))('markers: %s', (_why, c) => {
    const glossary = new Glossary(entriesOf(c.pair, c.entries));
    const sent = protectTerms(glossary, { source: c.pair[0] as Language, target: c.pair[1] as Language }, c.text);
    expect(sent.text).toBe(c.sent);
    const restored = restoreTerms(c.answer, sent);
    expect(restored.text).toBe(c.restored);
    expect(restored.lost.map((term) => term.entry.source)).toEqual(c.lost);
  });

  it.each(vectors.csvInvalid.map((c) => [c.why, c] as const))('a refused CSV: %s', (_why, c) => {
    expect(() => readGlossaryCsv(c.csv)).toThrow(GlossaryError);
  });

  it(`a valid CSV: ${vectors.csvValid.why}`, () => {
    const { pair, entries } = readGlossaryCsv(vectors.csvValid.csv);
    expect(pair).toEqual({ source: 'ru', target: 'kbd' });
    expect(entries).toEqual(entriesOf(['ru', 'kbd'], vectors.csvValid.entries));
    expect(writeGlossaryCsv(pair, entries)).toBe(vectors.csvValid.written);
  });
});
