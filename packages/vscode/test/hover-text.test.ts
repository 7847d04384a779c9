import { describe, expect, test } from 'vitest';
import { fits, today } from '../src/logic/hover-budget';
import { hoverGate } from '../src/logic/hover-gate';
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

  test('Markdown: the paragraph or heading under the cursor, without its markup; never fenced code or the front matter', () => {
    expect(at('# Сэ сыкӀуэ^нущ', 'markdown')).toBe('Сэ сыкӀуэнущ');
    const page = [
      '---',
      'title: Good mor^ning',
      '---',
      '',
      'One long sentence',
      'wrapped over two ^lines.',
      '',
      '```',
      'let greeting = "hel^lo";',
      '```',
    ];
    const markdown = (line: number): string | undefined => {
      const lines = page.map((text, index) => (index === line ? text : text.replace('^', '')));
      return at(lines.join('\n'), 'markdown', '/w/notes.md');
    };
    expect(markdown(5)).toBe('One long sentence wrapped over two lines.');
    expect(markdown(1)).toBeUndefined();
    expect(markdown(8)).toBeUndefined();
  });

  test('subtitles: the whole cue, all its lines, never its number or timing', () => {
    const cue = '1\n00:00:01,000 --> 00:00:04,000\nУи пщэддджыжь фӀыуэ!\nСэ сыкӀуэ^нущ.\n\n2\n00:00:05,000 --> 00:00:06,000\nУнэ\n';
    expect(at(cue, 'plaintext', '/w/talk.srt')).toBe('Уи пщэддджыжь фӀыуэ! Сэ сыкӀуэнущ.');
    expect(at(cue.replace('^', '').replace('04,0', '04,^0'), 'plaintext', '/w/talk.srt')).toBeUndefined();
    expect(at(cue.replace('^', '').replace('1\n', '^1\n'), 'plaintext', '/w/talk.srt')).toBeUndefined();
    const dialogue = 'WEBVTT\n\n00:01.000 --> 00:03.000\n- Уи пщэддджыжь ^фӀыуэ!\n- Сэ сыкӀуэнущ.\n';
    expect(at(dialogue, 'plaintext', '/w/talk.vtt')).toBe('- Уи пщэддджыжь фӀыуэ!\n- Сэ сыкӀуэнущ.');
  });
});

test('the daily budget starts over each local day and stops at the limit', () => {
  const now = new Date(2026, 10, 23, 12);
  expect(today({ day: '2026-11-22', characters: 900 }, now)).toEqual({ day: '2026-11-23', characters: 0 });
  expect(fits({ day: '2026-11-23', characters: 90 }, 10, 100)).toBe(true);
  expect(fits({ day: '2026-11-23', characters: 90 }, 11, 100)).toBe(false);
  expect(fits({ day: '2026-11-23', characters: 0 }, 1, 0)).toBe(false);
});

describe('hoverGate', () => {
  const on = { enabled: true, sourceLanguage: '', targetLanguage: 'ru' };

  test('an untrusted workspace sends nothing, whatever the settings say, and says why where the hover is on', () => {
    expect(hoverGate(on, false)).toBe('untrusted');
    expect(hoverGate({ ...on, sourceLanguage: 'en' }, false)).toBe('untrusted');
    expect(hoverGate({ ...on, enabled: false }, false)).toBe('off');
  });

  test('a trusted one sends when it is on and the source is not the target', () => {
    expect(hoverGate(on, true)).toBe('send');
    expect(hoverGate({ ...on, enabled: false }, true)).toBe('off');
    expect(hoverGate({ ...on, sourceLanguage: 'ru' }, true)).toBe('off');
  });
});
