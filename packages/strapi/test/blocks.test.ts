import { describe, expect, it } from 'vitest';
import { mapBlocks } from '../server/src/translation/blocks';

describe('blocks', () => {
  it('translates text leaves only, keeping formatting, links and code blocks', () => {
    const value = [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Обычный ' },
          { type: 'text', text: 'жирный', bold: true },
        ],
      },
      {
        type: 'list',
        format: 'unordered',
        children: [{ type: 'list-item', children: [{ type: 'link', url: 'https://a.org', children: [{ type: 'text', text: 'ссылка' }] }] }],
      },
      { type: 'code', children: [{ type: 'text', text: 'const код = 1' }] },
      { type: 'image', image: { url: '/a.png', alternativeText: 'x' }, children: [{ type: 'text', text: '' }] },
    ];
    const result = mapBlocks(value, (text) => `<${text}>`);
    expect(result).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '<Обычный> ' },
          { type: 'text', text: '<жирный>', bold: true },
        ],
      },
      {
        type: 'list',
        format: 'unordered',
        children: [
          { type: 'list-item', children: [{ type: 'link', url: 'https://a.org', children: [{ type: 'text', text: '<ссылка>' }] }] },
        ],
      },
      { type: 'code', children: [{ type: 'text', text: 'const код = 1' }] },
      { type: 'image', image: { url: '/a.png', alternativeText: 'x' }, children: [{ type: 'text', text: '' }] },
    ]);
  });
});
