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
    const sent: string[] = [];
    const result = mapBlocks(value, (text) => (sent.push(text), text.toUpperCase()));
    expect(sent).toEqual(['Обычный <x1>жирный</x1>', '<x1>ссылка</x1>']);
    expect(result).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'ОБЫЧНЫЙ ' },
          { type: 'text', text: 'ЖИРНЫЙ', bold: true },
        ],
      },
      {
        type: 'list',
        format: 'unordered',
        children: [
          {
            type: 'list-item',
            children: [{ type: 'link', url: 'https://a.org', children: [{ type: 'text', text: 'ССЫЛКА' }] }],
          },
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
    const result = mapBlocks(value, (text) => (sent.push(text), text.toUpperCase()));
    expect(sent).toEqual(['Запустите <x1/> и откройте <x2/> сейчас<x3/><x4/>']);
    expect(result).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'ЗАПУСТИТЕ ' },
          { type: 'text', text: 'npm run build', code: true },
          { type: 'text', text: ' И ОТКРОЙТЕ ' },
          { type: 'text', text: 'https://example.org/путь' },
          { type: 'text', text: ' СЕЙЧАС' },
          { type: 'link', url: 'https://example.org/docs', children: [{ type: 'text', text: 'https://example.org/docs' }] },
          { type: 'link', url: 'https://example.org/b', children: [{ type: 'text', text: 'www.example.org', bold: true }] },
        ],
      },
    ]);
  });
});

describe('blocks: a sentence around a link goes whole', () => {
  const paragraph = {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Подробности читайте на ' },
      { type: 'link', url: 'https://kbr.example', children: [{ type: 'text', text: 'сайте республики' }] },
      { type: 'text', text: '.' },
    ],
  };

  it('sends "Подробности читайте на <x1>сайте республики</x1>." and puts the link back where its words went', () => {
    const sent: string[] = [];
    const result = mapBlocks([paragraph], (text) => (sent.push(text), 'На <x1>сайте республики</x1> читайте подробности.'));
    expect(sent).toEqual(['Подробности читайте на <x1>сайте республики</x1>.']);
    expect(result).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'На ' },
          { type: 'link', url: 'https://kbr.example', children: [{ type: 'text', text: 'сайте республики' }] },
          { type: 'text', text: ' читайте подробности.' },
        ],
      },
    ]);
  });

  it('keeps the paragraph as written, and says so, when the markers do not come back', () => {
    let lost = 0;
    const result = mapBlocks(
      [paragraph],
      () => 'На сайте республики читайте подробности.',
      () => (lost += 1),
    );
    expect(result).toEqual([paragraph]);
    expect(lost).toBe(1);
  });
});
