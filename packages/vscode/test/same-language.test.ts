import { expect, test } from 'vitest';
import { mayAlreadyBeIn } from '../src/logic/same-language';

// Judged from the text alone; whether Translate Selection then asks the detector (one detect call)
// is read from the local service's call log in integration/translation-loop.test.ts.
test('mayAlreadyBeIn: false when the script or a palochka rules the target out, true when only a detector could tell', () => {
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
