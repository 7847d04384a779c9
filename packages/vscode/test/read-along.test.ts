import { speechTimings, splitSentences } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { placeSentences, sentenceAt } from '../src/logic/read-along';

const timed = (text: string, seconds: number[]) =>
  speechTimings(
    splitSentences(text),
    seconds.map((durationSeconds, index) => ({ key: String(index), first: index, last: index, durationSeconds })),
  ).sentences;

describe('read-along', () => {
  it('places each voiced sentence at its offsets in the document, after the selection’s start', () => {
    const document = '# Title\n\nУнэ. Сэ сыкӀуэнущ! Тхьэм уигъэпсэу.\n';
    const from = document.indexOf('Унэ');
    const placed = placeSentences(document, from, timed('Унэ. Сэ сыкӀуэнущ! Тхьэм уигъэпсэу.', [1, 2, 1.5]));
    expect(placed.map((one) => one.at && document.slice(one.at.start, one.at.end))).toEqual(['Унэ.', 'Сэ сыкӀуэнущ!', 'Тхьэм уигъэпсэу.']);
    expect(placed.map(({ start, end }) => [start, end])).toEqual([
      [0, 1],
      [1, 3],
      [3, 4.5],
    ]);
  });

  it('finds a repeated sentence at its own place, and leaves one it cannot find unplaced instead of guessing', () => {
    const document = 'Унэ. Унэ. Тхьэм уигъэпсэу.';
    const placed = placeSentences(document, 0, [
      { start: 0, end: 1, text: 'Унэ.' },
      { start: 1, end: 2, text: 'Унэ.' },
      { start: 2, end: 3, text: 'not in the document' },
      { start: 3, end: 4, text: 'Тхьэм уигъэпсэу.' },
    ]);
    expect(placed.map((one) => one.at)).toEqual([{ start: 0, end: 4 }, { start: 5, end: 9 }, undefined, { start: 10, end: 26 }]);
  });

  it('says which sentence the audio is at: a shared boundary belongs to the one starting there', () => {
    const sentences = timed('Унэ. Сэ сыкӀуэнущ! Тхьэм уигъэпсэу.', [1, 2, 1.5]);
    expect(sentenceAt(sentences, 0)?.text).toBe('Унэ.');
    expect(sentenceAt(sentences, 1)?.text).toBe('Сэ сыкӀуэнущ!');
    expect(sentenceAt(sentences, 4.4)?.text).toBe('Тхьэм уигъэпсэу.');
    expect(sentenceAt(sentences, 4.5)).toBeUndefined();
    expect(sentenceAt(sentences, -0.1)).toBeUndefined();
  });
});
