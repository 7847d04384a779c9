// The hover's cost on a place hovered again (src/logic/place-cache.ts, as translate/hover.ts uses
// it): the text found, masked and looked up in the memory once per document version, place and
// stamp (the settings and the memory's state); a near-match lookup is counted on a real memory.
import { InMemoryTranslationMemory, type FuzzyMatch, type FuzzyOptions, type LanguagePair } from '@circassian/core';
import { expect, test } from 'vitest';
import { PlaceCache, type Place } from '../src/logic/place-cache';
import { maskPlaceholders } from '../src/logic/placeholders';
import { protectionFor } from '../src/logic/text-protection';
import { nearMatches, type NearMatch } from '../src/memory/near-matches';
import { hoverTextAt } from '../src/translate/hover-text';

/** A memory that counts its near-match lookups. */
class CountingMemory extends InMemoryTranslationMemory {
  lookups = 0;

  override fuzzy(pair: LanguagePair, text: string, options?: FuzzyOptions): Promise<FuzzyMatch[]> {
    this.lookups++;
    return super.fuzzy(pair, text, options);
  }
}

const NOTES = 'Откройте этот файл завтра, пожалуйста\n\nЗакройте это окно сейчас\n';

function hoverer(memory: CountingMemory) {
  const shown = new PlaceCache<readonly NearMatch[]>();
  /** What the hover does at `offset`: the cached answer for the place, else the text found, masked and matched. */
  return async (place: Place & { readonly text: string }, offset: number, stamp = 'ru|kbd|memory@1'): Promise<readonly NearMatch[]> => {
    const kept = shown.find(place, offset, stamp);
    if (kept) return kept;
    const found = hoverTextAt(place.text, offset, 'markdown', '/w/notes.md');
    if (!found) return [];
    const masked = maskPlaceholders(found.text, protectionFor('markdown', '/w/notes.md', place.text));
    const matches = await nearMatches(memory, { masked, target: 'kbd', source: 'ru' });
    shown.keep(place, found.start, found.end, stamp, matches);
    return matches;
  };
}

const memory = (): CountingMemory =>
  new CountingMemory([
    {
      sourceLang: 'ru',
      targetLang: 'kbd',
      source: 'Откройте этот файл сейчас, пожалуйста',
      target: 'Мы файлыр иджыпсту зэӀух, сыноӀэ',
      origin: 'human',
    },
  ]);

test('hovering the same place of the same version again makes no lookup', async () => {
  const counting = memory();
  const hover = hoverer(counting);
  const v1 = { document: 'file:///w/notes.md', version: 1, text: NOTES };
  const first = await hover(v1, NOTES.indexOf('завтра'));
  expect(first.map((match) => match.percent)).toEqual([80]);
  expect(counting.lookups).toBe(1);
  // Ten more hovers anywhere in the same sentence: the first one's answer, no lookup.
  for (let offset = 0; offset < 30; offset += 3) expect(await hover(v1, offset)).toBe(first);
  expect(counting.lookups).toBe(1);
  // Another paragraph is another place.
  await hover(v1, NOTES.indexOf('окно'));
  expect(counting.lookups).toBe(2);
  await hover(v1, NOTES.indexOf('окно'));
  expect(counting.lookups).toBe(2);
});

test('an edit (a new version) or another stamp (settings, the memory changed) looks up again', async () => {
  const counting = memory();
  const hover = hoverer(counting);
  const v1 = { document: 'file:///w/notes.md', version: 1, text: NOTES };
  await hover(v1, 3);
  await hover({ ...v1, version: 2 }, 3);
  expect(counting.lookups).toBe(2);
  // The older version's places are gone once a newer one is kept.
  await hover(v1, 3);
  expect(counting.lookups).toBe(3);
  await hover(v1, 3, 'ru|kbd|memory@2');
  expect(counting.lookups).toBe(4);
  await hover(v1, 3, 'ru|kbd|memory@2');
  expect(counting.lookups).toBe(4);
});

test('at most `limit` places are kept, the oldest dropped first', () => {
  const cache = new PlaceCache<string>(3);
  const place = { document: 'a', version: 1 };
  for (let index = 0; index < 5; index++) cache.keep(place, index * 10, index * 10 + 5, 's', `p${index}`);
  expect(cache.size).toBe(3);
  expect(cache.find(place, 1, 's')).toBeUndefined();
  expect(cache.find(place, 41, 's')).toBe('p4');
  // A place kept again over an overlapping range replaces it, not adds.
  cache.keep(place, 40, 45, 's', 'p4 again');
  expect(cache.size).toBe(3);
  expect(cache.find(place, 42, 's')).toBe('p4 again');
});

test('a closed document is forgotten: its URI back at version 1 (an untitled editor reused, a file reopened) answers nothing kept', () => {
  const cache = new PlaceCache<string>();
  const untitled: Place = { document: 'untitled:Untitled-1', version: 1 };
  cache.keep(untitled, 0, 36, 'en|kbd|memory@1', 'the hover of the first text');
  cache.keep({ document: 'file:///w/other.md', version: 3 }, 0, 10, 'en|kbd|memory@1', 'another document');
  expect(cache.find(untitled, 4, 'en|kbd|memory@1')).toBe('the hover of the first text');
  cache.forget('untitled:Untitled-1');
  expect(cache.find(untitled, 4, 'en|kbd|memory@1')).toBeUndefined();
  expect(cache.size).toBe(1);
  expect(cache.find({ document: 'file:///w/other.md', version: 3 }, 4, 'en|kbd|memory@1')).toBe('another document');
});
