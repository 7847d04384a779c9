// Which sentences a person corrected, paired with the source sentence each was translated from:
// the rule the translation memory learns by (translation/corrections.ts).
import { describe, expect, it } from 'vitest';
import { corrections, sentenceRecord, type SentenceRecord } from '../server/src/translation/corrections';

const SOURCE = ['Фестиваль пройдёт с 12 по 14 сентября.', 'Вход свободный.', 'Приходите всей семьёй.'];
const WRITTEN = ['[kbd] Фестивалыр с 12 пуэ 14 сентябрым.', '[kbd] Хыхьэр пщӀэншэщ.', '[kbd] Унагъуэ псор къэкӀуэ.'];
const record = sentenceRecord(SOURCE, WRITTEN) as SentenceRecord;

describe('corrections: what a person changed, paired with what it was translated from', () => {
  it('finds nothing in a field left as written, whatever its sentences say', () => {
    expect(corrections(record, SOURCE, WRITTEN)).toEqual([]);
  });

  it('pairs a changed sentence with its source sentence, and no other sentence of the field', () => {
    const edited = [WRITTEN[0] as string, 'Хыхьэр хуиту щытщ.', WRITTEN[2] as string];
    expect(corrections(record, SOURCE, edited)).toEqual([{ source: 'Вход свободный.', target: 'Хыхьэр хуиту щытщ.' }]);
  });

  it('never pairs a new source sentence with the old translation left under it (the source moved on, the target did not)', () => {
    // The dates changed in the source after an editor corrected another sentence; the editor's
    // sentence is still a correction of its unchanged source, the stale date line is nobody's.
    const source = ['Фестиваль пройдёт с 19 по 21 сентября.', 'Вход свободный.', 'Приходите всей семьёй.'];
    const edited = [WRITTEN[0] as string, 'Хыхьэр хуиту щытщ.', WRITTEN[2] as string];
    expect(corrections(record, source, edited)).toEqual([{ source: 'Вход свободный.', target: 'Хыхьэр хуиту щытщ.' }]);
  });

  it('teaches nothing for a sentence whose source changed as well: the edit may answer either text', () => {
    const source = ['Фестиваль пройдёт с 19 по 21 сентября.', 'Вход свободный.', 'Приходите всей семьёй.'];
    const edited = ['Фестивалыр сентябрым и 19 - 21 щыӀэнущ.', WRITTEN[1] as string, WRITTEN[2] as string];
    expect(corrections(record, source, edited)).toEqual([]);
  });

  it('still pairs a correction when a sentence was added after it, and pairs nothing where a run of another length replaced it', () => {
    const appended = [WRITTEN[0] as string, 'Хыхьэр хуиту щытщ.', WRITTEN[2] as string, 'ЩӀэуэ къыхэхьа.'];
    expect(corrections(record, SOURCE, appended)).toEqual([{ source: 'Вход свободный.', target: 'Хыхьэр хуиту щытщ.' }]);
    const split = [WRITTEN[0] as string, 'Хыхьэр.', 'ПщӀэншэщ.', WRITTEN[2] as string];
    expect(corrections(record, SOURCE, split)).toEqual([]);
  });

  it('lines a source up the same way: a sentence added to the source does not shift the pairs', () => {
    const source = ['Новое вступление.', ...SOURCE];
    const edited = [WRITTEN[0] as string, WRITTEN[1] as string, 'Унагъуэ псом къыджэ.'];
    expect(corrections(record, source, edited)).toEqual([{ source: 'Приходите всей семьёй.', target: 'Унагъуэ псом къыджэ.' }]);
  });

  it('records nothing to pair where the written sentences do not line up with the source ones', () => {
    expect(sentenceRecord(SOURCE, WRITTEN.slice(1))).toBeNull();
  });
});
