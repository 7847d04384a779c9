import { describe, expect, it } from 'vitest';
import { renderValue } from '../src/output.js';

describe('renderValue', () => {
  it('shows nested objects and lists of objects like YAML, and {id, title} lists as rows', () => {
    expect(
      renderValue({
        word: 'унэ',
        entries: [{ headword: 'унэ', examples: ['унэ ин'] }],
        languages: [
          { id: 'kbd', title: 'Kabardian' },
          { id: 'ru', title: 'Russian' },
        ],
      }),
    ).toEqual([
      'word: унэ',
      'entries:',
      '  - headword: унэ',
      '    examples:',
      '      - унэ ин',
      'languages:',
      '  kbd  Kabardian',
      '  ru   Russian',
    ]);
  });
});
