// Where an offset is in a document that mixes languages: HTML (and Vue, Svelte) markup or the
// inside of a <script> or <style> element; a PHP file's HTML output or its <?php code. Text
// written there must be a comment in THAT language: inside <script> an HTML comment's lines are
// code, outside <?php a PHP comment is output.
import { LEXICONS, lexStateAt } from './code-lexer';

export type MarkupRegion =
  | { readonly kind: 'markup' }
  | { readonly kind: 'script'; readonly start: number; readonly lang: string }
  | { readonly kind: 'style'; readonly start: number }
  /** A <script> whose type is data or a template, not a program: no comment syntax is sure there. */
  | { readonly kind: 'data' };

const OPENERS = /<!--|<(script|style)\b([^>]*)>/gi;
const PROGRAM_TYPES = /^(?:module|(?:text|application)\/(?:javascript|ecmascript|typescript|babel|jsx))$/i;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** The region of HTML at `offset` (scanning from `from`). */
export function htmlRegionAt(text: string, offset: number, from = 0): MarkupRegion {
  OPENERS.lastIndex = from;
  for (let match = OPENERS.exec(text); match && match.index < offset; match = OPENERS.exec(text)) {
    if (match[0] === '<!--') {
      const close = text.indexOf('-->', match.index + 4);
      if (close === -1) return { kind: 'markup' };
      OPENERS.lastIndex = close + 3;
      continue;
    }
    const element = (match[1] ?? '').toLowerCase();
    const start = match.index + match[0].length;
    const closeAt = text.slice(start).search(new RegExp(`</${element}`, 'i'));
    const end = closeAt === -1 ? text.length : start + closeAt;
    if (offset >= start && offset <= end) {
      if (element === 'style') return { kind: 'style', start };
      const type = attribute(match[2] ?? '', 'type');
      if (type !== undefined && !PROGRAM_TYPES.test(type)) return { kind: 'data' };
      return { kind: 'script', start, lang: (attribute(match[2] ?? '', 'lang') ?? 'js').toLowerCase() };
    }
    OPENERS.lastIndex = end;
  }
  return { kind: 'markup' };
}

/** In a PHP file: whether `offset` is in PHP code (and there, in a comment or string) or in the HTML around it. */
export function phpStateAt(text: string, offset: number): 'html' | 'code' | 'comment' | 'string' {
  let index = 0;
  for (;;) {
    const open = text.indexOf('<?', index);
    if (open === -1 || open >= offset) return 'html';
    const after = /^<\?(?:php\b|=)?/i.exec(text.slice(open))?.[0].length ?? 2;
    const state = lexStateAt(text, open + after, offset, LEXICONS.php ?? { lineComments: [], blockComments: [], strings: [] });
    if (state.state !== 'exited') return state.state;
    index = state.at;
  }
}
