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

describe('blocks: only human text is sent', () => {
  it('never sends inline code or a bare URL used as link text, and keeps URLs inside prose', () => {
    const value = [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Запустите ' },
          { type: 'text', text: 'npm run build', code: true },
          { type: 'text', text: ' и откройте https://example.org/путь сейчас' },
          { type: 'link', url: 'https://example.org/docs', children: [{ type: 'text', text: 'https://example.org/docs' }] },
          { type: 'link', url: 'https://example.org/b', children: [{ type: 'text', text: 'www.example.org', bold: true }] },
        ],
      },
    ];
    const sent: string[] = [];
    const result = mapBlocks(value, (text) => (sent.push(text), `<${text}>`));
    expect(sent).toEqual(['Запустите', 'и откройте', 'сейчас']);
    expect(result).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '<Запустите> ' },
          { type: 'text', text: 'npm run build', code: true },
          { type: 'text', text: ' <и откройте> https://example.org/путь <сейчас>' },
          { type: 'link', url: 'https://example.org/docs', children: [{ type: 'text', text: 'https://example.org/docs' }] },
          { type: 'link', url: 'https://example.org/b', children: [{ type: 'text', text: 'www.example.org', bold: true }] },
        ],
      },
    ]);
  });
});
