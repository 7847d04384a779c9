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
import { parseProblem, tokens } from './corpus-checks';

const CORPUS = join(__dirname, 'corpus');

/** The pipeline over a file that may start with a byte-order mark (Translate File sets it aside and puts it back). */
function run(format: FileFormat, file: string): { output: string; sent: string[] } {
  const { bom, text } = splitBom(file);
  const { output, sent } = runPipeline(format, text);
  return { output: bom + output, sent };
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
