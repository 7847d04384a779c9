import { describe, expect, it } from 'vitest';
import { mapMarkdown, markdownPieces } from '../server/src/translation/markdown';

const upper = (text: string) => text.toUpperCase();
const sent = (markdown: string) => markdownPieces(markdown).flatMap((piece) => (typeof piece === 'string' ? [] : [piece.text]));

describe('rich text (Markdown) segmentation', () => {
  it('keeps heading, list and quote markers and translates the prose after them', () => {
    expect(mapMarkdown('# Заголовок\n\n- один\n1. два\n> цитата', upper)).toBe('# ЗАГОЛОВОК\n\n- ОДИН\n1. ДВА\n> ЦИТАТА');
  });

  it('never sends fenced code, inline code, link targets, autolinks or HTML tags', () => {
    const markdown = 'Смотри [документацию](https://example.org/docs) и `npm i`, <br> или <https://x.org>.\n```\nкод\n```';
    expect(sent(markdown).join('|')).not.toMatch(/example|npm|br>|x\.org|код/);
    expect(mapMarkdown(markdown, upper)).toBe(
      'СМОТРИ [ДОКУМЕНТАЦИЮ](https://example.org/docs) И `npm i`, <br> ИЛИ <https://x.org>.\n```\nкод\n```',
    );
  });

  it('keeps emphasis markers around the translated words', () => {
    expect(mapMarkdown('**Важно**: _очень_ ~~нет~~', upper)).toBe('**ВАЖНО**: _ОЧЕНЬ_ ~~НЕТ~~');
  });

  it('translates table cells one by one and keeps the separator row', () => {
    expect(mapMarkdown('| имя | город |\n|---|:---:|\n| Анна | Нальчик |', upper)).toBe('| ИМЯ | ГОРОД |\n|---|:---:|\n| АННА | НАЛЬЧИК |');
  });

  it('sends nothing for text without letters and keeps Windows line breaks', () => {
    expect(sent('1990 — 2024\r\n\r\n---\r\n')).toEqual([]);
    expect(mapMarkdown('один\r\nдва', upper)).toBe('ОДИН\r\nДВА');
  });
});
