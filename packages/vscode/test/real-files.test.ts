// Translate File on files as the frameworks write them (issue 25): one case per defect found on
// real files, each on a small file written here, through the pipeline of ./pipeline.ts.
import { describe, expect, test } from 'vitest';
import { formatFor } from '../src/logic/file-formats';
import type { FileFormat } from '../src/logic/file-formats/format';
import { wrapLines } from '../src/logic/file-formats/subtitles';
import { decodeFile, splitBom } from '../src/logic/file-text';
import { maskPlaceholders } from '../src/logic/placeholders';
import { runPipeline } from './pipeline';
import { subtitleProblem, xmlProblem, yamlProblem } from './well-formed';

function format(name: string): FileFormat {
  const found = formatFor(name);
  if (!found) throw new Error(`no format for ${name}`);
  return found;
}

/** The file translated, and the texts sent. */
function translate(name: string, source: string): { output: string; sent: string[] } {
  return runPipeline(format(name), source);
}

describe('tags and URLs inside JSON and YAML values', () => {
  test('i18next JSON: <bold>, numbered <0> tags, <strong> and URLs come back as typed, never sent', () => {
    const source = JSON.stringify(
      {
        title: 'Welcome to <bold>Acme</bold>',
        intro: 'Read the <0>docs</0> or visit https://acme.example.com/help.',
        link: '<1>Click here</1> to <strong>continue</strong>',
      },
      null,
      2,
    );
    const { output, sent } = translate('en.json', source);
    const out = JSON.parse(output) as Record<string, string>;
    expect(out.title).toBe('EMOCLEW OT <bold>EMCA</bold>');
    expect(out.intro).toBe('DAER EHT <0>SCOD</0> RO TISIV https://acme.example.com/help.');
    expect(out.link).toBe('<1>KCILC EREH</1> OT <strong>EUNITNOC</strong>');
    expect(sent.join(' ')).not.toMatch(/<|http/);
  });

  test("Rails YAML: <a href='%{path}'>, <ClickableText> and URLs come back as typed", () => {
    const source = [
      'en:',
      "  sign_in_html: Please <a href='%{path}'>sign in</a> now.",
      "  terms_html: 'Accept the <ClickableText>terms</ClickableText>.'",
      '  help: See https://guides.example.org/i18n.html first',
      '',
    ].join('\n');
    const { output, sent } = translate('en.yml', source);
    expect(output).toBe(
      [
        'kbd:',
        "  sign_in_html: ESAELP <a href='%{path}'>NGIS NI</a> WON.",
        "  terms_html: 'TPECCA EHT <ClickableText>SMRET</ClickableText>.'",
        '  help: EES https://guides.example.org/i18n.html TSRIF',
        '',
      ].join('\n'),
    );
    expect(sent.join(' ')).not.toMatch(/<|http|%/);
  });
});

describe('format strings, Ruby symbols and subtitle codes', () => {
  test('strftime and Rails number formats are not sent; :year symbols are not translated', () => {
    const source = [
      'en:',
      '  date:',
      '    formats:',
      '      default: "%Y-%m-%d"',
      '      long: "%B %d, %Y"',
      '    order:',
      '      - :year',
      '      - :month',
      '  number:',
      '    format: "%u%n"',
      '',
    ].join('\n');
    const { output, sent } = translate('en.yml', source);
    expect(output).toBe(source.replace('en:', 'kbd:'));
    expect(sent).toEqual([]);
  });

  test('printf conversions beyond the common ones and length modifiers are kept: %F, %K, %C, %ld, %lld, %.2F, %zu', () => {
    const masked = maskPlaceholders('Sent %ld of %lld bytes at %.2F MB/s (%zu), %C %K');
    expect(masked.parts).toEqual(['%ld', '%lld', '%.2F', '%zu', '%C', '%K']);
    // Prose with a percent sign is still prose.
    expect(maskPlaceholders('100% of users').parts).toEqual([]);
  });

  test('SRT: \\N line breaks and \\h hard spaces are kept, never translated', () => {
    const source = '1\n00:00:01,000 --> 00:00:02,000\nWe leave\\Nand never\\hlook back\n';
    const { output, sent } = translate('talk.srt', source);
    // \N is a line break: the cue is one sentence, wrapped back into two lines at a space.
    expect(output).toBe('1\n00:00:01,000 --> 00:00:02,000\nEW EVAEL DNA\\NREVEN\\hKOOL KCAB\n');
    expect(sent).toEqual(['We leave and never⟦0⟧look back']);
  });

  test('SRT: a \\N and the file’s line breaks in one cue are each written back where the wrap falls', () => {
    const source = '1\r\n00:00:01,000 --> 00:00:02,000\r\n{\\an8}We leave at dawn\\Nand never\r\nlook back\r\n';
    const { output, sent } = translate('talk.srt', source);
    expect(sent).toEqual(['We leave at dawn and never look back']);
    expect(output).toBe('1\r\n00:00:01,000 --> 00:00:02,000\r\n{\\an8}EW EVAEL\\NTA NWAD DNA\r\nREVEN KOOL KCAB\r\n');
    expect(subtitleProblem(output, false)).toBeUndefined();
  });
});

describe('XLIFF 2.0 with a > inside an attribute value', () => {
  test('Angular’s <pc dispStart="&lt;a>"> stays one inline code and the output is XML', () => {
    const source = [
      '<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en">',
      '<file id="f"><unit id="link"><segment>',
      '<source>Go to <pc id="0" type="link" dispStart="&lt;a>" dispEnd="&lt;/a>">settings</pc> now</source>',
      '</segment></unit></file></xliff>',
    ].join('\n');
    const { output } = translate('app.xliff', source);
    expect(output).toContain('<target>OG OT <pc id="0" type="link" dispStart="&lt;a>" dispEnd="&lt;/a>">SGNITTES</pc> WON</target>');
    expect(xmlProblem(output)).toBeUndefined();
  });
});

describe('WebVTT cue followed by a timing line without a blank line', () => {
  test('the timing line starts the next cue and is never translated', () => {
    const source = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nWelcome everyone\n00:00:02.500 --> 00:00:04.000 line:0\nToday we start\n';
    const { output } = translate('talk.vtt', source);
    expect(output).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nEMOCLEW ENOYREVE\n00:00:02.500 --> 00:00:04.000 line:0\nYADOT EW TRATS\n',
    );
    expect(subtitleProblem(output, true)).toBeUndefined();
    expect([...format('talk.vtt').translations(output).keys()]).toEqual(['00:00:01.000-->00:00:02.000', '00:00:02.500-->00:00:04.000']);
  });
});

describe('subtitle wrapping and the byte-order mark', () => {
  test('a translation is wrapped at spaces outside tags only', () => {
    expect(wrapLines('Look <font size="35" color="#ffff00">here</font> now', 2, '\n')).toBe(
      'Look\n<font size="35" color="#ffff00">here</font> now',
    );
    const source = '1\n00:00:01,000 --> 00:00:03,000\n<font size="35">The storm is coming\ncloser to the village</font>\n';
    const { output } = translate('talk.srt', source);
    expect(subtitleProblem(output, false)).toBeUndefined();
    expect(output).toContain('<font size="35">');
  });

  test('a file’s BOM is read and written back', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x31, 0x0a]);
    const text = decodeFile(bytes);
    expect(text).toBe('\uFEFF1\n');
    expect(splitBom(text)).toEqual({ bom: '\uFEFF', text: '1\n' });
    expect(splitBom('1\n')).toEqual({ bom: '', text: '1\n' });
  });
});

describe('Markdown docs as Hugo and GitHub write them', () => {
  const source = [
    '> [!NOTE]',
    '> Leaf bundles have no children.',
    '',
    'Read about [page bundles][] first.',
    '',
    'Leaf bundle',
    ': A directory with an index file.',
    '',
    '{{< highlight go >}}',
    'func main() { fmt.Println("hello world") }',
    '{{< /highlight >}}',
    '',
    '{{< figure',
    '  src="bundle.png"',
    '  caption="A leaf bundle"',
    '>}}',
    '',
    '{{% note %}}',
    'This is rendered as Markdown.',
    '{{% /note %}}',
    '',
    '[page bundles]: https://gohugo.io/content-management/page-bundles/',
    '',
  ].join('\n');

  test('alert markers, collapsed reference links, definition lists and shortcodes stay as typed; only prose is sent', () => {
    const { output, sent } = translate('docs.md', source);
    expect(output).toBe(
      [
        '> [!NOTE]',
        '> FAEL SELDNUB EVAH ON NERDLIHC.',
        '',
        'DAER TUOBA [page bundles][] TSRIF.',
        '',
        'FAEL ELDNUB',
        ': A YROTCERID HTIW NA XEDNI ELIF.',
        '',
        '{{< highlight go >}}',
        'func main() { fmt.Println("hello world") }',
        '{{< /highlight >}}',
        '',
        '{{< figure',
        '  src="bundle.png"',
        '  caption="A leaf bundle"',
        '>}}',
        '',
        '{{% note %}}',
        'SIHT SI DEREDNER SA NWODKRAM.',
        '{{% /note %}}',
        '',
        '[page bundles]: https://gohugo.io/content-management/page-bundles/',
        '',
      ].join('\n'),
    );
    expect(sent.join('\n')).not.toMatch(/NOTE|bundles\]|\{\{|func|figure|:/);
  });
});

test('Markdown: a paragraph that starts with an inline shortcode is still prose, the shortcode masked', () => {
  const { output } = translate('docs.md', '{{< ref "bundles.md" >}} explains bundles.\n');
  expect(output).toBe('{{< ref "bundles.md" >}} SNIALPXE SELDNUB.\n');
});

describe('YAML block scalars', () => {
  test('a literal |- e-mail body and a folded > text are translated, written back on their indentation', () => {
    const source = [
      'en:',
      '  mailer:',
      '    body: |-',
      '      Hello %{name},',
      '',
      '      Someone asked to reset your password.',
      '    summary: >',
      '      A long text that',
      '      goes on.',
      '',
      '      Second paragraph.',
      '    after: Done',
      '',
    ].join('\n');
    const { output, sent } = translate('en.yml', source);
    expect(output).toBe(
      [
        'kbd:',
        '  mailer:',
        '    body: |-',
        '      OLLEH %{name},',
        '',
        '      ENOEMOS DEKSA OT TESER RUOY DROWSSAP.',
        '    summary: >',
        '      A GNOL TXET TAHT SEOG NO.',
        '',
        '      DNOCES HPARGARAP.',
        '    after: ENOD',
        '',
      ].join('\n'),
    );
    expect(sent).toContain('A long text that goes on.\n\nSecond paragraph.');
    expect([...format('en.yml').translations(output).keys()]).toEqual(['mailer.body', 'mailer.summary', 'mailer.after']);
    expect(yamlProblem(output)).toBeUndefined();
  });
});

test('YAML: a block scalar with an indentation indicator is left as typed, never sent, and says why', () => {
  const source = 'en:\n  code: |2\n      indented sample text\n  after: Done\n';
  const file = format('en.yml');
  const unit = file.units(source).find((candidate) => candidate.key === 'code');
  expect(unit?.keep).toBe('a YAML block scalar with an indentation indicator');
  expect(file.rebuild(source, (_key, text) => text, { target: 'kbd' })).toBe(source.replace('en:', 'kbd:'));
});
