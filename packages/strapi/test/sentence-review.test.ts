// Review by sentence (issue 33): which target sentences stand for a source sentence that changed
// since the translation, with the source before and now and the kept target; and the record after
// only those were translated again, so that the person's edits elsewhere stay corrections paired
// with their own unchanged source sentences, and the memory never pairs the new source with the
// stale target (translation/sentence-review.ts, on corrections.ts' record).
import { describe, expect, it } from 'vitest';
import { corrections, sentenceRecord, type SentenceRecord } from '../server/src/translation/corrections';
import { changedSentences, recordAfterRetranslation } from '../server/src/translation/sentence-review';

const SOURCE = ['Фестиваль пройдёт с 12 по 14 сентября.', 'Вход свободный.', 'Приходите всей семьёй.'];
const WRITTEN = ['[kbd] Фестивалыр с 12 пуэ 14 сентябрым.', '[kbd] Хыхьэр пщӀэншэщ.', '[kbd] Унагъуэ псор къэкӀуэ.'];
const record = sentenceRecord(SOURCE, WRITTEN) as SentenceRecord;
const NEW_DATES = 'Фестиваль пройдёт с 19 по 21 сентября.';
const EDITED = [WRITTEN[0] as string, 'Хыхьэр хуиту щытщ.', 'Унагъуэ псом къыдэкӀуэ.'];

describe('review by sentence: what changed under a hand-edited field', () => {
  it('keeps the source sentences it translated, so the review can show the earlier one', () => {
    expect(record.sourceText).toEqual(SOURCE);
  });

  it('lists nothing while the source says what was translated', () => {
    expect(changedSentences(record, SOURCE, EDITED)).toEqual([]);
  });

  it('lists the changed source sentence, old and new, with the target sentence kept under it', () => {
    const source = [NEW_DATES, SOURCE[1] as string, SOURCE[2] as string];
    expect(changedSentences(record, source, EDITED)).toEqual([
      { sourceIndex: 0, targetIndex: 0, before: SOURCE[0], now: NEW_DATES, kept: WRITTEN[0], editedByHand: false },
    ]);
  });

  it('says when the kept sentence under a changed source was itself edited by hand', () => {
    const source = [SOURCE[0] as string, 'Вход по билетам.', SOURCE[2] as string];
    expect(changedSentences(record, source, EDITED)).toEqual([
      { sourceIndex: 1, targetIndex: 1, before: SOURCE[1], now: 'Вход по билетам.', kept: 'Хыхьэр хуиту щытщ.', editedByHand: true },
    ]);
  });

  it('has no sentence-by-sentence answer where the source gained or lost a sentence, or the target’s sentences moved', () => {
    expect(changedSentences(record, [...SOURCE, 'Новое предложение.'], EDITED)).toBeNull();
    expect(changedSentences(record, SOURCE.slice(1), EDITED)).toBeNull();
    const source = [NEW_DATES, SOURCE[1] as string, SOURCE[2] as string];
    expect(changedSentences(record, source, ['Всё переписано одним предложением.'])).toBeNull();
  });

  it('names no earlier source where the record, of an earlier version, keeps hashes only', () => {
    const { sourceText: _dropped, ...hashesOnly } = record;
    const source = [NEW_DATES, SOURCE[1] as string, SOURCE[2] as string];
    expect(changedSentences(hashesOnly, source, EDITED)?.map((change) => change.before)).toEqual([null]);
  });
});

describe('review by sentence: the record after translating only the changed sentences', () => {
  const source = [NEW_DATES, SOURCE[1] as string, SOURCE[2] as string];
  const retranslated = '[kbd] Фестивалыр с 19 пуэ 21 сентябрым.';
  const after = recordAfterRetranslation(record, source, new Map([[0, retranslated]]));
  const field = [retranslated, EDITED[1] as string, EDITED[2] as string];

  it('has nothing changed left, and the person’s edits are still their corrections of the unchanged sentences', () => {
    expect(changedSentences(after, source, field)).toEqual([]);
    expect(corrections(after, source, field)).toEqual([
      { source: 'Вход свободный.', target: 'Хыхьэр хуиту щытщ.' },
      { source: 'Приходите всей семьёй.', target: 'Унагъуэ псом къыдэкӀуэ.' },
    ]);
  });

  it('never pairs the new source sentence with the stale target, and teaches the retranslated sentence as nobody’s correction', () => {
    const pairs = corrections(after, source, field);
    expect(pairs.some((pair) => pair.source === NEW_DATES)).toBe(false);
    // Had the stale line been kept (no retranslation) it is not taught either: its source moved on.
    expect(corrections(record, source, EDITED).some((pair) => pair.source === NEW_DATES)).toBe(false);
  });

  it('keeps the new source sentences, for the next review', () => {
    expect(after.sourceText).toEqual(source);
    expect(after.written.slice(1)).toEqual(record.written.slice(1));
  });
});
