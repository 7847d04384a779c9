// Translate File's pipeline over every file of the corpus (test/corpus: locale, subtitle and
// documentation files written here the way Rails, i18next, FormatJS, gettext, Angular, subtitle
// editors and Hugo write them), through ./pipeline.ts, whose fake model changes every word, so
// anything sent that is not human text comes back changed. Checked per file: every protected
// token (tags, URLs, placeholders, format strings, codes) is byte-identical in the output, the
// output parses in its format, and no text sent holds anything but human words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatFor } from '../src/logic/file-formats';
import type { FileFormat } from '../src/logic/file-formats/format';
import { splitBom } from '../src/logic/file-text';
import { runPipeline } from './pipeline';
import { poProblem, subtitleProblem, xmlProblem } from './well-formed';

const CORPUS = join(__dirname, 'corpus');

/** What must come back as typed, in any of the corpus's formats. */
const TOKENS = new RegExp(
  [
    String.raw`<[^<>]+>`, // tags, with their attributes
    String.raw`(?:https?|mailto):[^\s<>"'\])]+`, // URLs
    String.raw`%\{[^}]+\}|%<\w+>[a-z]|%[-+0#]*\d*(?:\.\d+)?(?:hh|ll|[hlLqjzt])?[A-Za-z@]`, // printf, strftime, Rails
    String.raw`\{\{[^}]*\}\}|\{[\w.]+(?:,\s*(?:number|date|time)[^{}]*)?\}|\$t\([^)]*\)`, // i18next, ICU arguments
    String.raw`\\[Nnh]|\{\\[^}]*\}`, // subtitle codes
    String.raw`(?<=^|[\s\[])\s*:[a-z_]+\b`, // Ruby symbols
    String.raw`\[![A-Z]+\]|\[[^\]]+\]\[\]|\x60[^\x60]+\x60`, // Markdown alerts, collapsed references, code spans
  ].join('|'),
  'gm',
);

/** The pipeline over a file that may start with a byte-order mark (Translate File sets it aside and puts it back). */
function run(format: FileFormat, file: string): { output: string; sent: string[] } {
  const { bom, text } = splitBom(file);
  const { output, sent } = runPipeline(format, text);
  return { output: bom + output, sent };
}

function tokens(text: string): string[] {
  return [...text.matchAll(TOKENS)].map((match) => match[0].trim()).sort();
}

function parseProblem(name: string, output: string): string | undefined {
  if (name.endsWith('.json')) {
    try {
      JSON.parse(output);
    } catch (error) {
      return String(error);
    }
    return undefined;
  }
  if (/\.xliff?$|\.xlf$/.test(name)) return xmlProblem(output);
  if (name.endsWith('.srt')) return subtitleProblem(output, false);
  if (name.endsWith('.vtt')) return subtitleProblem(output, true);
  if (name.endsWith('.po')) return poProblem(output);
  return undefined;
}

describe('corpus', () => {
  const files = readdirSync(CORPUS).sort();

  test('holds a file of every format Translate File handles', () => {
    const labels = new Set(files.map((name) => formatFor(name)?.label));
    expect([...labels].sort()).toEqual(['JSON', 'Markdown', 'PO', 'SRT subtitles', 'WebVTT subtitles', 'XLIFF', 'YAML']);
  });

  test.each(files)('%s: protected tokens byte-identical, output parses, only human text sent', (name) => {
    const format = formatFor(name);
    if (!format) throw new Error(`no format for ${name}`);
    const source = readFileSync(join(CORPUS, name), 'utf8');
    const { output, sent } = run(format, source);
    expect(sent.length, 'something was translated').toBeGreaterThan(0);
    // Each text's tokens, in the translation read back from the output.
    const translations = format.translations(output);
    for (const unit of format.units(splitBom(source).text))
      expect(tokens(translations.get(unit.key) ?? ''), unit.key).toEqual(tokens(unit.text));
    // The file's, where the output holds no more than the source's (XLIFF and PO add targets).
    if (!/\.(?:po|xlf|xliff)$/.test(name)) expect(tokens(output)).toEqual(tokens(source));
    for (const text of sent) expect(tokens(text.replace(/⟦\d+⟧/g, ' ')), text).toEqual([]);
    expect(parseProblem(name, output)).toBeUndefined();
    // The translated file is read back as the same units (the next run finds each again).
    expect([...format.translations(output).keys()].sort()).toEqual(
      format
        .units(splitBom(source).text)
        .map((unit) => unit.key)
        .sort(),
    );
    expect(output.startsWith('\uFEFF')).toBe(source.startsWith('\uFEFF'));
  });
});
