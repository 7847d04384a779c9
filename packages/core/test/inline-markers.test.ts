import { describe, expect, it } from 'vitest';
import { highestMarker, looksMarked, markSegments, restoreMarkers, wordlessMarker, type Segment } from '../src/text.js';

const SEGMENTS: Segment<string>[] = [
  { kind: 'text', text: 'Read ' },
  { kind: 'around', value: 'a', inner: [{ kind: 'text', text: 'the guide' }] },
  { kind: 'text', text: ' at ' },
  { kind: 'wordless', value: 'url' },
];

describe('inline markers, the one rule for what is not words in a text translated whole', () => {
  it('marks markup around words and without words, and puts the original back from an answer that moved them', () => {
    const marked = markSegments(SEGMENTS);
    expect(marked.text).toBe('Read <x1>the guide</x1> at <x2/>');
    expect(restoreMarkers('<x2/>: lies <x1>la guía</x1>', marked)).toEqual([
      { kind: 'wordless', value: 'url' },
      { kind: 'text', text: ': lies ' },
      { kind: 'around', value: 'a', inner: [{ kind: 'text', text: 'la guía' }] },
    ]);
  });

  it.each([
    ['a marker lost', 'Read <x1>the guide</x1> at'],
    ['a marker doubled', 'Read <x1>the guide</x1> <x2/> <x2/>'],
    ['markers crossed', 'Read <x1>the <x2/></x1'],
    ['a number not sent', 'Read <x1>the guide</x1> at <x2/> <x3/>'],
  ])('refuses an answer with %s', (_what, answer) => {
    expect(restoreMarkers(answer, markSegments(SEGMENTS))).toBeNull();
  });

  it('says the highest number a text already holds, so markers added later start above it', () => {
    expect(highestMarker('no markers < here')).toBe(0);
    expect(highestMarker('<x2>a</x2> <x7/> <x3>b</x3>')).toBe(7);
    expect(wordlessMarker(8)).toBe('<x8/>');
    expect(looksMarked('a <x8/> b')).toBe(true);
    expect(looksMarked('a <x0/> b')).toBe(false);
  });
});
