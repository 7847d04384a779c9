import { expect, test } from 'vitest';
import { hasWords, maskPlaceholders, unmaskPlaceholders } from '../src/logic/placeholders';

const roundTrip = (text: string, translate: (masked: string) => string): string | undefined => {
  const masked = maskPlaceholders(text);
  return unmaskPlaceholders(translate(masked.text), masked.parts);
};

test('simple placeholders are marks and come back as they were', () => {
  const masked = maskPlaceholders('Hello {name}, you have %d new {{kind}} (%1$s)');
  expect(masked.text).toBe('Hello ⟦0⟧, you have ⟦1⟧ new ⟦2⟧ (⟦3⟧)');
  expect(unmaskPlaceholders(masked.text.toUpperCase(), masked.parts)).toBe('HELLO {name}, YOU HAVE %d NEW {{kind}} (%1$s)');
});

test('ICU plurals: only the words inside the options are text; # and the syntax are kept', () => {
  const source = '{count, plural, one {# item} other {# items}} left';
  const masked = maskPlaceholders(source);
  expect(masked.text).toBe('⟦0⟧ item⟦1⟧ items⟦2⟧ left');
  expect(roundTrip(source, (text) => text.replace('items', 'ITEMS').replace('item', 'ITEM'))).toBe(
    '{count, plural, one {# ITEM} other {# ITEMS}} left',
  );
  expect(roundTrip('{g, select, male {He} female {She} other {They}}', (text) => text.toUpperCase())).toBe(
    '{g, select, male {HE} female {SHE} other {THEY}}',
  );
});

test('a translation that lost or repeated a mark is refused', () => {
  const masked = maskPlaceholders('Hi {name} and {other}');
  expect(unmaskPlaceholders('Hi ⟦0⟧', masked.parts)).toBeUndefined();
  expect(unmaskPlaceholders('⟦0⟧ ⟦0⟧ ⟦1⟧', masked.parts)).toBeUndefined();
  expect(hasWords(maskPlaceholders('{name}: %s'))).toBe(false);
  expect(hasWords(maskPlaceholders('Hi {name}'))).toBe(true);
});
