import { describe, expect, test } from 'vitest';
import { markdownRanges } from '../src/logic/markdown-selection';
import { literalTranslation } from '../src/logic/literal-translation';
import { maskPlaceholders, unmaskPlaceholders } from '../src/logic/placeholders';
import { protectionFor, spokenWords } from '../src/logic/text-protection';
import { planSegments } from '../src/logic/translation-plan';

/** What travels of `text` in a document of this kind, marks as the model sees them. */
const sent = (text: string, languageId: string, path = '/w/file'): string => maskPlaceholders(text, protectionFor(languageId, path)).text;

describe('what travels of a selection or a hover, by the document it is in', () => {
  test('a template literal’s substitution, a variable, a code span and an e-mail address go as marks and come back as typed', () => {
    const text = 'Сэлам, ${userName}! Write to editors@example.org or run `npm start` ($HOME).';
    const masked = maskPlaceholders(text, protectionFor('typescript', '/w/src/app.ts'));
    expect(masked.text).toBe('Сэлам, ⟦0⟧! Write to ⟦1⟧ or run ⟦2⟧ (⟦3⟧).');
    expect(unmaskPlaceholders('[ru] Салам, ⟦0⟧! Уритэ ⟦1⟧ ⟦2⟧ (⟦3⟧).', masked)).toBe(
      '[ru] Салам, ${userName}! Уритэ editors@example.org `npm start` ($HOME).',
    );
  });

  test('placeholders, printf, ICU, tags and URLs as Translate File keeps them, in any document', () => {
    expect(sent('Hello {name}, %d <b>new</b> at https://acme.example.com/inbox', 'plaintext')).toBe('Hello ⟦0⟧, ⟦1⟧ ⟦2⟧new⟦3⟧ at ⟦4⟧');
    expect(sent('{count, plural, one {# file} other {# files}}', 'typescript')).toBe('⟦0⟧ file⟦1⟧ files');
  });

  test('Markdown: link targets, code spans and inline HTML are marks; the words and the link text travel', () => {
    expect(sent('Read [the guide](https://gohugo.io/x/ "Guide") and run `hugo server`.', 'markdown', '/w/docs/a.md')).toBe(
      'Read ⟦0⟧the guide⟦1⟧ and run ⟦2⟧.',
    );
  });

  test('a localisation file keeps its format’s own tokens: Rails’ %{name} in YAML, i18next’s $t() in JSON', () => {
    expect(sent('Hi %{user}', 'yaml', '/w/config/locales/en.yml')).toBe('Hi ⟦0⟧');
    expect(sent('See $t(app.title)', 'json', '/w/locales/en.json')).toBe('See ⟦0⟧');
  });
});

describe('what Speak reads', () => {
  test('Markdown: a link by its text, never its URL; no emphasis marks, no alert marker, a code span by its words', () => {
    const protect = protectionFor('markdown', '/w/notes.md');
    expect(spokenWords('Read [the **guide**](https://gohugo.io/x/) at https://gohugo.io now.', protect)).toBe('Read the guide at now.');
    expect(spokenWords('[!NOTE] Run `hugo server` first.', protect)).toBe('Run hugo server first.');
  });

  test('code: the words of a string, not its substitutions or addresses', () => {
    expect(spokenWords('Сэлам, ${userName}! Write to editors@example.org.', protectionFor('typescript', '/w/app.ts'))).toBe(
      'Сэлам,! Write to.',
    );
  });
});

describe('a selection in Markdown is the words of the texts it covers', () => {
  const page = ['## Сэ сыкӀуэнущ', '', '- Уи пщэддджыжь фӀыуэ!', '- Псы щӀыӀэ.'].join('\n');
  const segments = (selections: { start: number; end: number }[]): string[] =>
    planSegments(page, selections, (selection) => markdownRanges(page, selection)).map((segment) => segment.source ?? segment.text);

  test('an empty cursor on a heading or a list item takes its text without the marker', () => {
    const heading = page.indexOf('сыкӀуэ');
    const item = page.indexOf('щӀыӀэ');
    expect(segments([{ start: heading, end: heading }])).toEqual(['Сэ сыкӀуэнущ']);
    expect(segments([{ start: item, end: item }])).toEqual(['Псы щӀыӀэ.']);
  });

  test('a selection over two list items is two texts, the markers between them left out', () => {
    const start = page.indexOf('- Уи');
    const end = page.indexOf('щӀыӀэ.') + 'щӀыӀэ.'.length;
    expect(segments([{ start, end }])).toEqual(['Уи пщэддджыжь фӀыуэ!', 'Псы щӀыӀэ.']);
  });

  test('a paragraph hard-wrapped over lines is one text, on one line; a blank line takes nothing', () => {
    const wrapped = 'Intro.\n\nOne long sentence\nwrapped over two lines.\n';
    const at = wrapped.indexOf('two');
    expect(planSegments(wrapped, [{ start: at, end: at }], (selection) => markdownRanges(wrapped, selection))).toEqual([
      { start: 8, end: 49, text: 'One long sentence\nwrapped over two lines.', source: 'One long sentence wrapped over two lines.' },
    ]);
    const blank = page.indexOf('\n\n') + 1;
    expect(segments([{ start: blank, end: blank }])).toEqual([]);
  });
});

test('written back into a template literal: the source’s ${…} stay live, one the service adds is plain text, backticks escaped', () => {
  const masked = maskPlaceholders('Сэлам, ${userName}! Run `npm start`.', protectionFor('typescript', '/w/app.ts'));
  expect(masked.text).toBe('Сэлам, ⟦0⟧! Run ⟦1⟧.');
  expect(literalTranslation('[ru] Салам, ⟦0⟧! ${process.exit()} ⟦1⟧ `x`', masked, '`')).toBe(
    '[ru] Салам, ${userName}! \\${process.exit()} \\`npm start\\` \\`x\\`',
  );
  const tag = maskPlaceholders('Go to <a href="/x">home</a>', protectionFor('typescript', '/w/a.ts'));
  expect(literalTranslation('"Кӏуэ" ⟦0⟧унэ⟦1⟧', tag, '"')).toBe('\\"Кӏуэ\\" <a href=\\"/x\\">унэ</a>');
  expect(literalTranslation('⟦0⟧унэ', tag, '"')).toBeUndefined();
});
