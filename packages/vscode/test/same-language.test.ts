import { expect, test } from 'vitest';
import { mayAlreadyBeIn } from '../src/logic/same-language';

test('mayAlreadyBeIn: the text could already be in the target language (the detector is worth asking) only when script and palochka allow it', () => {
  // Different scripts: cannot be.
  expect(mayAlreadyBeIn('Good morning', 'ru')).toBe(false);
  expect(mayAlreadyBeIn('Доброе утро', 'en')).toBe(false);
  // A palochka (or a character typed for one) marks Circassian text: not Russian.
  expect(mayAlreadyBeIn('Сэ сыкӀуэнущ.', 'ru')).toBe(false);
  expect(mayAlreadyBeIn('Сэ сыкIуэнущ.', 'ru')).toBe(false);
  // Ambiguous: asked.
  expect(mayAlreadyBeIn('Сэ сыкуэнущ.', 'ru')).toBe(true);
  expect(mayAlreadyBeIn('Доброе утро', 'kbd')).toBe(true);
  expect(mayAlreadyBeIn('Good morning', 'en')).toBe(true);
  expect(mayAlreadyBeIn('12:30', 'ru')).toBe(true);
  expect(mayAlreadyBeIn('Good morning', 'xx')).toBe(true);
});
