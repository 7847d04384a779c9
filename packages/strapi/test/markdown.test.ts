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

  it('reads a bracket that opens no link as text: a line is sent and read back whole, its bracket kept', () => {
    // A translation that starts with "[" (the local service's "[kbd] ...") reads back as written, so
    // an untouched line is never taken for an editor's correction of it.
    expect(sent('[kbd] Махуэм и хъыбархэр')).toEqual(['[kbd] Махуэм и хъыбархэр']);
    expect(sent('См. [1] выше')).toEqual(['См. [1] выше']);
    expect(sent('| [ссылка](https://x.org) | [1] примечание |')).toEqual(['ссылка', '[1] примечание']);
    expect(mapMarkdown('[kbd] Махуэм\n\nСм. [1] выше', upper)).toBe('[KBD] МАХУЭМ\n\nСМ. [1] ВЫШЕ');
  });

  it('sends nothing for text without letters and keeps Windows line breaks', () => {
    expect(sent('1990 — 2024\r\n\r\n---\r\n')).toEqual([]);
    expect(mapMarkdown('один\r\nдва', upper)).toBe('ОДИН\r\nДВА');
  });
});

describe('rich text (Markdown): whole sentences around links and bold', () => {
  const line = 'Подробности читайте на [сайте республики](https://kbr.example/news) и в **нашей** рассылке.';

  it('sends a sentence with a link or bold as one text, the markup as markers', () => {
    expect(sent(line)).toEqual(['Подробности читайте на <x1>сайте республики</x1> и в <x2>нашей</x2> рассылке.']);
    expect(sent('- Смотри `npm run build` и https://x.org/a сейчас')).toEqual(['Смотри <x1/> и <x2/> сейчас']);
  });

  it('puts the links and bold back where the translation moved their markers', () => {
    const moved = () => 'На <x1>сайте республики</x1> <x2>нашей</x2> читайте подробности.';
    expect(mapMarkdown(line, moved)).toBe('На [сайте республики](https://kbr.example/news) **нашей** читайте подробности.');
    expect(mapMarkdown(line, (text) => text)).toBe(line);
    expect(mapMarkdown('Текст ![рисунок](a.png) и _курсив_, snake_case_name.', upper)).toBe(
      'ТЕКСТ ![РИСУНОК](a.png) И _КУРСИВ_, SNAKE_CASE_NAME.',
    );
  });

  it('keeps a line as written, and says so, when its markers do not come back', () => {
    const lost: string[] = [];
    const dropped = (text: string) => text.replace(/<\/?x\d+\/?>/g, '');
    expect(
      mapMarkdown(
        `# ${line}\nВторая строка.`,
        (text) => dropped(text).toUpperCase(),
        () => lost.push('line'),
      ),
    ).toBe(`# ${line}\nВТОРАЯ СТРОКА.`);
    expect(lost).toEqual(['line']);
  });
});
