// A dictionary entry as a comment where it is inserted: below a line, in the language that is
// spoken at the end of that line. In HTML, Vue and Svelte that is JavaScript inside <script> and
// CSS inside <style>; in PHP, HTML outside <?php; in JSX, the text between tags takes a
// `{/* */}` comment (a `//` there is text and a `{}` runs). Where the line ends inside a string
// (a template literal, a docstring, a quoted shell word) or inside a JSX tag, no comment is safe:
// the entry is refused there, and the command shows it beside instead.
import { LEXICONS, lexStateAt } from './code-lexer';
import { asComment, pipe } from './comment-syntax';
import { jsContextAt } from './js-context';
import { htmlRegionAt, phpStateAt } from './markup-regions';

export type EntryComment =
  | { readonly ok: true; readonly text: string }
  /** `string`: the line ends in a string literal; `tag`: inside a JSX tag; `data`: in a <script> that holds data. */
  | { readonly ok: false; readonly reason: 'string' | 'tag' | 'data' };

type Guard = (line: string) => string;
type Placement = { readonly syntax: string; readonly guard?: Guard } | { readonly refused: 'string' | 'tag' | 'data' };

const JS_FAMILY: Readonly<Record<string, boolean>> = {
  javascript: true,
  javascriptreact: true,
  typescriptreact: true,
  typescript: false,
};
const HTML_FAMILY = new Set(['html', 'vue', 'svelte']);

/** The HTML parser ends a <script> at `</script` whatever JavaScript thinks; `<!--` there changes how it looks for it. */
const scriptGuard: Guard = (line) => line.replace(/<(?=\/?script|!--)/gi, '<\\');
const styleGuard: Guard = (line) => line.replace(/<(?=\/style)/gi, '<\\');
const inertInJsxText: Guard = (line) => line.replace(/[{}<]/g, (char) => FULL_WIDTH[char] ?? char);
const FULL_WIDTH: Readonly<Record<string, string>> = { '{': '\uFF5B', '}': '\uFF5D', '<': '\uFF1C' };
/** Any `<?` in a PHP file's HTML opens PHP code. */
const phpOutputGuard: Guard = (line) => line.replace(/<\?/g, '< ?');

const both = (first: Guard, second: Guard | undefined): Guard => (second ? pipe(first, second) : first);

function inJs(text: string, from: number, offset: number, jsx: boolean, syntax: string, guard?: Guard): Placement {
  const context = jsContextAt(text.slice(from), offset - from, jsx);
  if (context === 'string') return { refused: 'string' };
  if (context === 'jsx-tag') return { refused: 'tag' };
  if (context === 'jsx-text') return guard ? { syntax: 'jsx-text', guard } : { syntax: 'jsx-text' };
  // The scanner is no parser: should this `//` line in fact sit in JSX text, it must still run
  // nothing there, so no `{` `}` (an expression) or `<` (an element) is left in it.
  return { syntax, guard: jsx ? both(inertInJsxText, guard) : (guard ?? ((line) => line)) };
}

function inHtml(text: string, offset: number, guard?: Guard): Placement {
  const region = htmlRegionAt(text, offset);
  if (region.kind === 'data') return { refused: 'data' };
  if (region.kind === 'style') return { syntax: 'css', guard: both(styleGuard, guard) };
  if (region.kind === 'script') {
    const typescript = region.lang === 'ts' || region.lang === 'tsx';
    const jsx = region.lang === 'jsx' || region.lang === 'tsx';
    return inJs(text, region.start, offset, jsx, typescript ? 'typescript' : 'javascript', both(scriptGuard, guard));
  }
  return guard ? { syntax: 'html', guard } : { syntax: 'html' };
}

function placementAt(text: string, offset: number, languageId: string): Placement {
  const jsx = JS_FAMILY[languageId];
  if (jsx !== undefined) return inJs(text, 0, offset, jsx, languageId);
  if (HTML_FAMILY.has(languageId)) return inHtml(text, offset);
  if (languageId === 'php') {
    const state = phpStateAt(text, offset);
    if (state === 'html') return inHtml(text, offset, phpOutputGuard);
    return state === 'string' ? { refused: 'string' } : { syntax: 'php' };
  }
  const lexicon = LEXICONS[languageId];
  if (lexicon && lexStateAt(text, 0, offset, lexicon).state === 'string') return { refused: 'string' };
  return { syntax: languageId };
}

/**
 * `lines` as a comment to insert after the line break at `offset` (the end of the word's line) of
 * `text`, each line indented by `indent`; or why no comment is safe there.
 */
export function entryComment(text: string, offset: number, languageId: string, lines: readonly string[], indent = ''): EntryComment {
  const placement = placementAt(text, offset, languageId);
  if ('refused' in placement) return { ok: false, reason: placement.refused };
  return { ok: true, text: asComment(lines, placement.syntax, indent, placement.guard) };
}
