import { describe, expect, it } from 'vitest';
import { speakableText } from '../server/src/utils/speakable-text';

describe('speech from readable text', () => {
  it('reads Markdown as words: link text kept, URLs, images and code dropped', () => {
    const markdown =
      '# Заголовок\n\nТекст со [ссылкой](https://example.org/путь) и `npm install`.\n\n![картинка](https://example.org/a.png)\n\nСм. https://example.org/b и <b>жирное</b>.\n\n- первый пункт\n- **второй** пункт\n\n```js\nconst слово = 1;\n```\n';
    const spoken = speakableText(markdown);
    expect(spoken).toBe('Заголовок\n\nТекст со ссылкой и.\n\nСм. и жирное.\n\nпервый пункт\nвторой пункт');
    expect(spoken).not.toMatch(/https?:|\]\(|`|картинка|const/);
  });

  it('keeps the text of a link whose text holds brackets itself', () => {
    expect(speakableText('[kbd] Текст [[kbd] ссылка](https://example.org/a) и ![[x] y](/a.png) всё.')).toBe(
      '[kbd] Текст [kbd] ссылка и всё.',
    );
  });

  it('reads blocks as words: link text kept, images, code blocks and inline code dropped', () => {
    const blocks = [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Подзаголовок' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Обычный ' },
          { type: 'text', text: 'код', code: true },
          { type: 'link', url: 'https://example.org/a', children: [{ type: 'text', text: 'ссылка' }] },
          { type: 'text', text: ' и www.example.org.' },
        ],
      },
      { type: 'image', image: { url: '/uploads/a.png', alternativeText: 'картинка' }, children: [{ type: 'text', text: '' }] },
      { type: 'code', children: [{ type: 'text', text: 'let слово = 2' }] },
    ];
    expect(speakableText(blocks)).toBe('Подзаголовок\nОбычный ссылка и.');
  });
});
