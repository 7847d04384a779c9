// Translate File on real documentation pages of three site generators (test/docs-pages, written
// the way Hugo's, Jekyll's and Docusaurus' own docs are: shortcodes and Liquid tags with code
// bodies, GitHub alerts, admonitions, MDX imports and components, tables, definition lists,
// reference links): the translated page keeps every heading, list item, table row, alert and link
// definition of its source, counted by an independent CommonMark parser (markdown-it); the code a
// shortcode, Liquid tag or MDX component holds comes back byte for byte and is never sent; the prose
// around and inside prose shortcodes is translated. Through ./pipeline.ts (Translate File's own
// steps, a fake model that changes every word).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, test } from 'vitest';
import { formatFor } from '../src/logic/file-formats';
import { runPipeline } from './pipeline';

const PAGES = join(__dirname, 'docs-pages');

interface Structure {
  readonly headings: string[];
  readonly listItems: number;
  readonly tableRows: number;
  readonly alerts: string[];
  readonly linkDefinitions: string[];
  /** Every link's target, a reference link's resolved (a translated shortcut reference `[aliases]` links nowhere). */
  readonly links: string[];
  readonly codeBlocks: string[];
}

/** What a page is made of, as markdown-it reads it (the front matter set aside). */
function structure(page: string): Structure {
  const body = page.replace(/^---\n[\s\S]*?\n---\n/, '');
  const env: Record<string, unknown> = {};
  const tokens = new MarkdownIt({ html: true }).parse(body, env);
  const alerts: string[] = [];
  tokens.forEach((token, index) => {
    const inline = tokens[index + 2];
    if (token.type === 'blockquote_open' && inline?.type === 'inline') {
      const marker = /^\[!([A-Z]+)\]/.exec(inline.content);
      if (marker) alerts.push(marker[1] ?? '');
    }
  });
  return {
    headings: tokens.filter((token) => token.type === 'heading_open').map((token) => token.tag),
    listItems: tokens.filter((token) => token.type === 'list_item_open').length,
    tableRows: tokens.filter((token) => token.type === 'tr_open').length,
    alerts,
    linkDefinitions: Object.keys((env.references as Record<string, unknown> | undefined) ?? {}).sort(),
    links: tokens
      .flatMap((token) => token.children ?? [])
      .filter((token) => token.type === 'link_open')
      .map((token) => token.attrGet('href') ?? '')
      .sort(),
    codeBlocks: tokens.filter((token) => token.type === 'fence' || token.type === 'code_block').map((token) => token.content),
  };
}

/** Per page: lines of code (a shortcode's, a Liquid tag's, an MDX component's or statement's) that must come back as typed. */
const CODE: Record<string, readonly string[]> = {
  'hugo-front-matter.md': [
    "author = 'John Smith'",
    "key = 'value'",
    '# The main menu, with two entries.',
    '  - name: Products',
    '    pageRef: /products',
    "background = 'yosemite.jpg'",
    "kind = 'page'",
    '{{< new-in 0.123.0 />}}',
    '{{</ code-toggle >}}',
    '{{< highlight toml "linenos=table,hl_lines=3" >}}',
  ],
  'jekyll-includes.md': [
    '{% raw %}{% include_relative somedir/footer.html %}{% endraw %}',
    'max-width="200px" file="logo.png" alt="Jekyll logo"',
    'caption="This is the Jekyll logo." %}',
    '{: .code-sample }',
    '   title="Download" %}',
    '- Check the cache key.',
    '- {{ person.name }}',
  ],
  'docusaurus-installation.mdx': [
    "import TabItem from '@theme/TabItem';",
    ':::tip',
    ':::',
    '    "start": "docusaurus start"',
    "  <span style={{backgroundColor: color, borderRadius: '2px', padding: '0.2rem'}}>",
    '<TabItem value="yarn">',
  ],
};

/** Per page: prose that must be translated, inside prose shortcodes and admonitions too. */
const PROSE: Record<string, readonly string[]> = {
  'hugo-front-matter.md': ['The field names below are reserved.', 'closer ancestor sets its own', 'Add a page to a menu'],
  'jekyll-includes.md': ['The latest version of', 'The profiles below come from', 'Parameter'],
  'docusaurus-installation.mdx': ['is the latest release', 'Current version', 'Use the', 'which you can move anywhere', 'is a nice color'],
};

describe('documentation pages of Hugo, Jekyll and Docusaurus', () => {
  test.each(Object.keys(CODE))(
    '%s: every heading, list item, table row, alert, link definition and link kept; code as typed, never sent',
    (name) => {
      const source = readFileSync(join(PAGES, name), 'utf8');
      const format = formatFor(name);
      expect(format?.label).toBe('Markdown');
      if (!format) return;
      const { output, sent } = runPipeline(format, source);
      expect(structure(output)).toEqual(structure(source));
      const outputLines = new Set(output.split('\n'));
      for (const line of CODE[name] ?? []) {
        expect(outputLines.has(line), `kept as typed: ${line}`).toBe(true);
        expect(
          sent.some((text) => text.includes(line.trim())),
          `never sent: ${line}`,
        ).toBe(false);
      }
      for (const prose of PROSE[name] ?? []) {
        expect(source).toContain(prose);
        expect(output, `translated: ${prose}`).not.toContain(prose);
      }
    },
  );
});
