import { expect, test } from 'vitest';
import { hasWords, maskPlaceholders, unmaskPlaceholders } from '../src/logic/placeholders';

const roundTrip = (text: string, translate: (masked: string) => string): string | undefined => {
  const masked = maskPlaceholders(text);
  return unmaskPlaceholders(translate(masked.text), masked);
};

test('simple placeholders are marks and come back as they were', () => {
  const masked = maskPlaceholders('Hello {name}, you have %d new {{kind}} (%1$s)');
  expect(masked.text).toBe('Hello ⟦0⟧, you have ⟦1⟧ new ⟦2⟧ (⟦3⟧)');
  expect(unmaskPlaceholders(masked.text.toUpperCase(), masked)).toBe('HELLO {name}, YOU HAVE %d NEW {{kind}} (%1$s)');
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
  expect(unmaskPlaceholders('Hi ⟦0⟧', masked)).toBeUndefined();
  expect(unmaskPlaceholders('⟦0⟧ ⟦0⟧ ⟦1⟧', masked)).toBeUndefined();
  expect(hasWords(maskPlaceholders('{name}: %s'))).toBe(false);
  expect(hasWords(maskPlaceholders('Hi {name}'))).toBe(true);
});

test('fewer characters for the same protection: a date’s tokens are one mark, tags wrapping the whole text are not sent', () => {
  const date = maskPlaceholders('Started on %Y-%m-%d at %H:%M');
  expect(date.text).toBe('Started on ⟦0⟧ at ⟦1⟧');
  expect(unmaskPlaceholders('Ӏуащхьэ ⟦0⟧ ⟦1⟧', date)).toBe('Ӏуащхьэ %Y-%m-%d %H:%M');
  const protect = /<[^>]+>/y;
  const wrapped = maskPlaceholders('<i><b>Welcome, {name}!</b></i>', protect);
  expect(wrapped.text).toBe('Welcome, ⟦0⟧!');
  expect(unmaskPlaceholders('Фыкъеблагъэ, ⟦0⟧!', wrapped)).toBe('<i><b>Фыкъеблагъэ, {name}!</b></i>');
  expect(unmaskPlaceholders('Фыкъеблагъэ', wrapped)).toBeUndefined();
  // Not wrapping the whole text, or not the same element: sent as marks, where the model places them.
  expect(maskPlaceholders('<b>Today</b> we show <i>it</i>', protect).text).toBe('⟦0⟧Today⟦1⟧ we show ⟦2⟧it⟦3⟧');
  expect(maskPlaceholders('<b>Today we show it</i>', protect).text).toBe('⟦0⟧Today we show it⟦1⟧');
  // A sentence's punctuation next to a token stays in the text.
  expect(maskPlaceholders('Hello {name}, you have %d. Bye').text).toBe('Hello ⟦0⟧, you have ⟦1⟧. Bye');
});

test('what can only stand at the edges is not sent: a whole ICU message’s header and braces, a subtitle’s position', () => {
  const plural = maskPlaceholders('{count, plural, =0 {Your cart is empty} one {You have # item} other {You have # items}}');
  expect(plural.text).toBe('Your cart is empty⟦0⟧You have ⟦1⟧ item⟦2⟧You have ⟦3⟧ items');
  expect(unmaskPlaceholders(plural.text.toUpperCase(), plural)).toBe(
    '{count, plural, =0 {YOUR CART IS EMPTY} one {YOU HAVE # ITEM} other {YOU HAVE # ITEMS}}',
  );
  // A `#` beside the header stays a mark: the model places the number.
  const count = maskPlaceholders('{n, plural, one {# file} other {# files}}');
  expect(count.text).toBe('⟦0⟧ file⟦1⟧ files');
  expect(unmaskPlaceholders('файл ⟦0⟧⟦1⟧ файлхэр', count)).toBe('{n, plural, one {файл #} other {# файлхэр}}');
  // Not the whole text: the syntax goes as marks.
  expect(maskPlaceholders('{n, plural, one {# file} other {# files}} left').text).toBe('⟦0⟧ file⟦1⟧ files⟦2⟧ left');
  const position = maskPlaceholders('{\\an8}We leave at dawn', /\{\\[^}]*\}/y);
  expect(position.text).toBe('We leave at dawn');
  expect(unmaskPlaceholders('Пщэдджыжьым дыкӀуэнущ', position)).toBe('{\\an8}Пщэдджыжьым дыкӀуэнущ');
  // Styling that closes later is not a position: its end is the model's to place.
  expect(maskPlaceholders('{\\i1}We{\\i0} leave', /\{\\[^}]*\}/y).text).toBe('⟦0⟧We⟦1⟧ leave');
});
