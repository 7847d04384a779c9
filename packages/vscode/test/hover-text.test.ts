import { describe, expect, test } from 'vitest';
import { fits, today } from '../src/logic/hover-budget';
import { hoverTextAt } from '../src/translate/hover-text';

const at = (text: string, languageId: string, path = '/w/file'): string | undefined => {
  const offset = text.indexOf('^');
  return hoverTextAt(text.replace('^', ''), offset, languageId, path)?.text;
};

describe('hoverTextAt', () => {
  test('code: the comment or string under the cursor; code itself nothing', () => {
    expect(at('const a = 1; // the fir^st value', 'typescript')).toBe('the first value');
    expect(at('const t = "Good ^morning";', 'typescript')).toBe('Good morning');
    expect(at('const t = comp^ute();', 'typescript')).toBeUndefined();
  });

  test('Markdown: the line without its markup; subtitles: the cue text, not its number or timing', () => {
    expect(at('# Сэ сыкӀуэ^нущ', 'markdown')).toBe('Сэ сыкӀуэнущ');
    expect(at('1\n00:00:01,000 --> 00:00:02,0^00\nУи пщэддджыжь фӀыуэ!', 'plaintext', '/w/talk.srt')).toBeUndefined();
    expect(at('1\n00:00:01,000 --> 00:00:02,000\nУи пщэдд^джыжь фӀыуэ!', 'plaintext', '/w/talk.srt')).toBe('Уи пщэддджыжь фӀыуэ!');
    expect(at('1^2\n00:00:01,000 --> 00:00:02,000', 'plaintext', '/w/talk.srt')).toBeUndefined();
  });
});

test('the daily budget starts over each local day and stops at the limit', () => {
  const now = new Date(2026, 10, 23, 12);
  expect(today({ day: '2026-11-22', characters: 900 }, now)).toEqual({ day: '2026-11-23', characters: 0 });
  expect(fits({ day: '2026-11-23', characters: 90 }, 10, 100)).toBe(true);
  expect(fits({ day: '2026-11-23', characters: 90 }, 11, 100)).toBe(false);
  expect(fits({ day: '2026-11-23', characters: 0 }, 1, 0)).toBe(false);
});
