// What the start of the next line is in, in JavaScript or TypeScript (with or without JSX): code,
// a comment, a string or template literal, the text between JSX tags, or inside a JSX tag. A light
// scanner, not a parser: quotes, templates with `${}`, comments, regular expressions and JSX
// elements, told apart by the token before them (a `<` or `/` where a value may start opens an
// element or a regular expression; after a name or a closing bracket it compares or divides).

export type JsContext = 'code' | 'comment' | 'string' | 'jsx-text' | 'jsx-tag';

type Frame =
  | { readonly kind: 'code'; braces: number }
  | { readonly kind: 'template' }
  | { readonly kind: 'tag'; readonly closing: boolean }
  | { readonly kind: 'children' };

/** Words after which a value starts (so `/` is a regular expression and `<` an element). */
const BEFORE_VALUE = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await']);

function valueMayStart(previous: string, word: string): boolean {
  if (previous === '') return true;
  if (previous === 'word') return BEFORE_VALUE.has(word);
  return '(,=:[!&|?{};+-*%<>~^'.includes(previous);
}

/** Index after a regular expression literal starting at `start` (its `/`). */
function regexEnd(text: string, start: number): number {
  let index = start + 1;
  let inClass = false;
  while (index < text.length && text[index] !== '\n') {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return index + 1;
    index++;
  }
  return index;
}

/** The context at `offset` (a line's end: what follows its line break). */
export function jsContextAt(text: string, offset: number, jsx: boolean): JsContext {
  const stack: Frame[] = [{ kind: 'code', braces: 0 }];
  let previous = '';
  let word = '';
  let index = 0;
  while (index < offset) {
    const frame = stack[stack.length - 1] ?? { kind: 'code', braces: 0 };
    const char = text[index] ?? '';
    if (frame.kind === 'template') {
      if (char === '\\') index += 2;
      else if (char === '`') {
        stack.pop();
        previous = 'word';
        word = '';
        index++;
      } else if (text.startsWith('${', index)) {
        stack.push({ kind: 'code', braces: 0 });
        previous = '{';
        index += 2;
      } else index++;
      continue;
    }
    if (frame.kind === 'tag') {
      if (char === '"' || char === "'") {
        const close = text.indexOf(char, index + 1);
        if (close === -1 || close >= offset) return 'string';
        index = close + 1;
      } else if (char === '{') {
        stack.push({ kind: 'code', braces: 0 });
        previous = '{';
        index++;
      } else if (text.startsWith('/>', index) || char === '>') {
        stack.pop();
        if (frame.closing) stack.pop();
        else if (char === '>') stack.push({ kind: 'children' });
        previous = 'word';
        word = '';
        index += char === '>' ? 1 : 2;
      } else if (char === ',' && !frame.closing) {
        // `<T,>(x: T) => x`: a generic arrow function in TSX, not an element.
        stack.pop();
        previous = ',';
        index++;
      } else index++;
      continue;
    }
    if (frame.kind === 'children') {
      if (char === '{') {
        stack.push({ kind: 'code', braces: 0 });
        previous = '{';
        index++;
      } else if (char === '<') {
        const closing = text[index + 1] === '/';
        stack.push({ kind: 'tag', closing });
        index += closing ? 2 : 1;
      } else index++;
      continue;
    }
    // Code.
    if (text.startsWith('//', index)) {
      const end = text.indexOf('\n', index);
      if (end === -1 || end >= offset) return 'code';
      index = end;
    } else if (text.startsWith('/*', index)) {
      const end = text.indexOf('*/', index + 2);
      if (end === -1 || end + 2 > offset) return 'comment';
      index = end + 2;
    } else if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < offset && text[end] !== char && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      index = end + 1;
      previous = 'word';
      word = '';
    } else if (char === '`') {
      stack.push({ kind: 'template' });
      index++;
    } else if (char === '{') {
      frame.braces++;
      previous = '{';
      index++;
    } else if (char === '}') {
      if (frame.braces === 0 && stack.length > 1) stack.pop();
      else frame.braces = Math.max(0, frame.braces - 1);
      previous = '}';
      index++;
    } else if (char === '/' && valueMayStart(previous, word)) {
      index = regexEnd(text, index);
      previous = 'word';
      word = '';
    } else if (
      jsx &&
      char === '<' &&
      valueMayStart(previous, word) &&
      /[A-Za-z_$>]/.test(text[index + 1] ?? '') &&
      // `<T extends U>(x: T) => x` is a generic arrow function, not an element.
      !/^<[A-Za-z_$][\w$]*\s+extends\b/.test(text.slice(index, index + 80))
    ) {
      stack.push({ kind: 'tag', closing: false });
      index++;
    } else if (/[\w$]/.test(char)) {
      const match = /^[\w$]+/.exec(text.slice(index, index + 64))?.[0] ?? char;
      previous = 'word';
      word = match;
      index += match.length;
    } else {
      if (!/\s/.test(char)) {
        previous = char;
        word = '';
      }
      index++;
    }
  }
  const top = stack[stack.length - 1]?.kind ?? 'code';
  return top === 'template' ? 'string' : top === 'tag' ? 'jsx-tag' : top === 'children' ? 'jsx-text' : 'code';
}
