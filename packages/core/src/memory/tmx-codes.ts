/**
 * The inline codes of a memory text, as TMX level 2 writes them: what in a stored text is not
 * words. The memory keeps texts as the hosts sent them, so a text may hold the pack's markers
 * (`<x1>…</x1>`, `<x2/>`: inline-markers.ts), VS Code's masks (`⟦0⟧`), or code as typed: a
 * placeholder (`{name}`, `{{count}}`, `%s`, `%1$d`, `${user}`, `%{name}`), an ICU message's syntax,
 * an HTML or XML tag, a URL, an e-mail address, a character reference, a code span in backticks.
 *
 * Each code has a role: `standalone` (`<ph>`), `open` or `close` (a `<bpt>`/`<ept>` pair when
 * both are in the text, else `<it>`). An ICU plural or select message stays one unit: its syntax
 * (`{count, plural, one {`, `} other {`, `}}`, `#`) is code and the words of its options are text,
 * so a CAT tool shows the options' words to translate and the syntax as tags.
 */

export type CodeRole = 'standalone' | 'open' | 'close';

export type CodePiece =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'code';
      readonly text: string;
      readonly role: CodeRole;
      /** What pairs an open code with its close: a tag's name, a marker's number. */
      readonly key?: string;
      /** Whether it is a tag or marker (markup around words) rather than a placeholder. */
      readonly tag: boolean;
      /** For an open or close code: the index of its partner in the list, when the text holds it. */
      partner?: number;
    };

export type Code = Extract<CodePiece, { kind: 'code' }>;

const MARKER = /<(\/?)x([1-9]\d*)(\/?)>/y;
const MASK = /\u27E6\d+\u27E7/y;
/** An HTML, XML or JSX tag with its attributes (quoted values may hold `>`), or i18next's `<0>`, `</0>`, `<1/>`. */
const TAG = /<(\/?)([A-Za-z][\w:.-]*|\d+)((?:\s+(?:[^<>"']|"[^"]*"|'[^']*')*)?)(\/?)>/y;
/** Elements HTML never closes: a standalone code, written or not with a slash. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'area', 'base', 'col', 'embed', 'source', 'track']);
const PLACEHOLDERS = [
  // {{name}}, {name}, {0}, and an ICU simple argument with a format ({n, number}, {d, date, short}).
  /\{\{\s*[\w.-]+\s*\}\}|\{\s*[\w.-]+\s*(?:,\s*(?:number|date|time|spellout|ordinal|duration)\s*(?:,[^{}]*)?)?\}/y,
  // A template literal's substitution, Rails' %{name} and Ruby's %<name>s.
  /\$\{(?:[^{}]|\{[^{}]*\})*\}|%\{[^{}]+\}|%<\w+>[A-Za-z]?/y,
  // A printf conversion with argument, flags, width, precision, length (no space flag: "100% of" is prose), or %%.
  /%(?:%|(?:\d+\$)?(?:\([^)]*\))?[-+0#']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|ll|[hlLqjzt])?[diouxXeEfFgGaAcspn@])/y,
  // A URL with a scheme, without the sentence's closing punctuation.
  /(?:(?:https?|ftp):\/\/|mailto:)[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}]/y,
  // An e-mail address; its domain ends in letters, so a closing full stop stays text.
  /[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}/y,
  // A character reference, and a code span.
  /&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);|`+[^`\n]*?`+/y,
];
const ICU_HEADER = /\{\s*[\w.]+\s*,\s*(?:plural|select|selectordinal)\s*,\s*(?:offset:\d+\s*)?/y;
const ICU_OPTION = /\s*(?:=\d+|[\w-]+)\s*\{/y;
const ICU_END = /\s*\}/y;

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

function at(pattern: RegExp, text: string, index: number): string | undefined {
  return matchAt(pattern, text, index)?.[0];
}

/** What a placeholder, reference, code span or mask starts with. */
const SYMBOL_START = /[{$%&`\u27E6]/;
/** What a URL or e-mail address starts with, after a character that is not part of one. */
const WORD_START = /[A-Za-z0-9]/;
const IN_WORD = /[A-Za-z0-9._%+-]/;

function placeholderAt(text: string, index: number): string | undefined {
  const mask = at(MASK, text, index);
  if (mask !== undefined) return mask;
  for (const pattern of PLACEHOLDERS) {
    const found = at(pattern, text, index);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The index of the `}` closing the option body that starts at `from`, or -1. */
function optionEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && depth-- === 0) return i;
  }
  return -1;
}

class Finder {
  readonly pieces: CodePiece[] = [];
  #text = '';

  text(chars: string): void {
    this.#text += chars;
  }

  code(text: string, role: CodeRole, tag: boolean, key?: string): void {
    this.#flush();
    const last = this.pieces[this.pieces.length - 1];
    // Placeholders side by side are one code (`} other {` after `#`): a CAT tool shows one tag.
    if (last?.kind === 'code' && role === 'standalone' && last.role === 'standalone' && !tag && !last.tag) {
      this.pieces[this.pieces.length - 1] = { ...last, text: last.text + text };
      return;
    }
    this.pieces.push({ kind: 'code', text, role, tag, ...(key !== undefined ? { key } : {}) });
  }

  /** Pieces found on a trial finder, after what this one holds. */
  adopt(pieces: readonly CodePiece[]): void {
    this.#flush();
    this.pieces.push(...pieces);
  }

  #flush(): void {
    if (this.#text) this.pieces.push({ kind: 'text', text: this.#text });
    this.#text = '';
  }

  finish(): CodePiece[] {
    this.#flush();
    return this.pieces;
  }
}

/** The ICU plural or select message at `index` into `finder`; its end, or -1 when it is not one. */
function icu(text: string, index: number, finder: Finder): number {
  const header = at(ICU_HEADER, text, index);
  if (header === undefined) return -1;
  // Parsed on a copy first: a message that does not close is not ICU, and its brace is text.
  const trial = new Finder();
  let syntax = header;
  let i = index + header.length;
  for (;;) {
    const option = at(ICU_OPTION, text, i);
    if (option === undefined) {
      const end = at(ICU_END, text, i);
      if (end === undefined) return -1;
      trial.code(syntax + end, 'standalone', false);
      finder.adopt(trial.finish());
      return i + end.length;
    }
    syntax += option;
    i += option.length;
    const close = optionEnd(text, i);
    if (close === -1) return -1;
    trial.code(syntax, 'standalone', false);
    scan(text.slice(i, close), trial, true);
    syntax = '}';
    i = close + 1;
  }
}

/** Codes and text of `text` into `finder`; `inPlural`: a `#` is the number. */
function scan(text: string, finder: Finder, inPlural = false): void {
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '<') {
      const marker = matchAt(MARKER, text, i);
      if (marker !== null) {
        const [whole, closing, digits, selfClosing] = marker;
        finder.code(whole, selfClosing ? 'standalone' : closing ? 'close' : 'open', true, `x${digits}`);
        i += whole.length;
        continue;
      }
      const tag = matchAt(TAG, text, i);
      if (tag !== null) {
        const [whole, closing, name = '', , selfClosing] = tag;
        const standalone = Boolean(selfClosing) || VOID.has(name.toLowerCase());
        finder.code(whole, standalone ? 'standalone' : closing ? 'close' : 'open', true, name.toLowerCase());
        i += whole.length;
        continue;
      }
    }
    if (char === '{') {
      const end = icu(text, i, finder);
      if (end !== -1) {
        i = end;
        continue;
      }
    }
    if (inPlural && char === '#') {
      finder.code('#', 'standalone', false);
      i++;
      continue;
    }
    // An e-mail address or URL is found at its start only (not at a letter inside a word).
    const found =
      SYMBOL_START.test(char ?? '') || (WORD_START.test(char ?? '') && !IN_WORD.test(text[i - 1] ?? ''))
        ? placeholderAt(text, i)
        : undefined;
    if (found !== undefined) {
      finder.code(found, 'standalone', false);
      i += found.length;
      continue;
    }
    finder.text(char ?? '');
    i++;
  }
}

/** Pairs each open code with the next close of its key at the same level; what stays unpaired has no partner. */
function pair(pieces: CodePiece[]): void {
  const open: number[] = [];
  pieces.forEach((piece, index) => {
    if (piece.kind !== 'code' || piece.role === 'standalone') return;
    if (piece.role === 'open') return void open.push(index);
    const depth = open.findLastIndex((candidate) => (pieces[candidate] as Code).key === piece.key);
    if (depth === -1) return;
    const partner = open[depth] as number;
    // Opens inside the pair that were never closed stay unpaired (crossed markup).
    open.length = depth;
    (pieces[partner] as Code).partner = index;
    piece.partner = partner;
  });
}

/** The text as words and inline codes, open and close codes paired where the text holds both. */
export function findCodes(text: string): CodePiece[] {
  const finder = new Finder();
  scan(text, finder);
  const pieces = finder.finish();
  pair(pieces);
  return pieces;
}
