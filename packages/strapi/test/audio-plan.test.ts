import { describe, expect, it } from 'vitest';
import { audioFollowsTranslation, planAudio, sourceFields, spokenSeconds, spokenText } from '../server/src/utils/audio-plan';
import { hashValue } from '../server/src/translation/hash';

const mapping = { from: ['title', 'body'], to: 'audio', voice: 'female' };
const entry = { title: 'Новости дня', body: '# Заголовок\n\nТекст со [ссылкой](https://example.org).', audio: { id: 3 } };
const input = { entry, mapping, language: 'kbd', localeName: 'Kabardian (kbd)', choice: { voice: null, speed: null }, madeFrom: null };

describe('speech from an entry', () => {
  it("reads the mapping's fields in order, each ending as a sentence, a pause between them", () => {
    expect(sourceFields({ from: 'body' })).toEqual(['body']);
    expect(spokenText(entry, ['title', 'body'])).toBe('Новости дня.\n\nЗаголовок\n\nТекст со ссылкой.');
    expect(spokenText({ title: '', body: 'Только текст' }, ['title', 'body'])).toBe('Только текст.');
  });

  it("uses the entry's own voice and speed over the mapping's", () => {
    const plan = planAudio({ ...input, choice: { voice: 'male', speed: 1.2 } });
    expect(plan).toMatchObject({ make: true, voice: 'male', speed: 1.2 });
    expect(planAudio(input)).toMatchObject({ make: true, voice: 'female', speed: null });
  });

  it('says why nothing will be made: no version, no text, or the text unchanged since its audio', () => {
    expect(planAudio({ ...input, entry: null })).toEqual({
      make: false,
      reason: 'no-version',
      message: 'This entry has no Kabardian (kbd) version yet, so there is nothing to read.',
    });
    expect(planAudio({ ...input, entry: { title: '', body: '```\ncode\n```' } })).toMatchObject({
      reason: 'no-text',
      fields: ['title', 'body'],
      message: 'The fields "title", "body" have no text to read in Kabardian (kbd).',
    });
    const text = 'Новости дня.\n\nЗаголовок\n\nТекст со ссылкой.';
    const madeFrom = hashValue({ text, language: 'kbd', voice: 'female', speed: null });
    expect(planAudio({ ...input, madeFrom })).toMatchObject({ make: false, reason: 'unchanged' });
    // The same text without its audio file, or in another voice, is made again.
    expect(planAudio({ ...input, madeFrom, entry: { ...entry, audio: null } })).toMatchObject({ make: true });
    expect(planAudio({ ...input, madeFrom, choice: { voice: 'male', speed: null } })).toMatchObject({ make: true });
  });

  it('estimates audio seconds at an ordinary reading pace, slower at a lower speed', () => {
    expect(spokenSeconds(0)).toBe(0);
    expect(spokenSeconds(150, 1)).toBe(10);
    expect(spokenSeconds(150, 0.5)).toBe(20);
    // The service's default speed (0.85) when the mapping names none.
    expect(spokenSeconds(150)).toBeCloseTo(150 / (15 * 0.85));
  });
});

describe("a bulk run's audio estimate", () => {
  const base = { audioOn: 'publish' as const, publishesTarget: true, readFieldsChange: false, hasAudio: true };
  it('counts no audio for an entry whose read fields do not change and which is voiced already', () => {
    expect(audioFollowsTranslation(base)).toBe(false);
    expect(audioFollowsTranslation({ ...base, readFieldsChange: true })).toBe(true);
    expect(audioFollowsTranslation({ ...base, hasAudio: false })).toBe(true);
  });

  it('counts no audio where audio waits for a publication the run does not make', () => {
    expect(audioFollowsTranslation({ ...base, publishesTarget: false, hasAudio: false })).toBe(false);
    expect(audioFollowsTranslation({ ...base, audioOn: 'save', publishesTarget: false, hasAudio: false })).toBe(true);
  });
});
