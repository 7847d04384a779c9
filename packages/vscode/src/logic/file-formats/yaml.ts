// YAML localisation files (Rails i18n and the like), read line by line rather than by a full YAML
// parser, so that the file comes back exactly as typed except for the translated values: comments,
// key order, anchors and indentation stay. Translated: scalar values of `key: value` lines and of
// `- value` list items, plain or quoted, and block scalars (`|-` e-mail bodies: a literal one keeps
// its lines, a folded one `>` is sent a paragraph a line; the translation is written back on the
// block's indentation). Kept: keys, numbers, booleans, null, anchors and aliases, Ruby symbols,
// flow collections (`[a, b]`, `{a: b}`). A root key that is the source language (`en:`) becomes the
// target's (`kbd:`). Rails' `%{name}` is kept.
import { isLanguage } from '../file-naming';
import { KeyCounter, lineBreak, rangedFormat, splitLines, type Line, type RangedUnit } from './format';
import { GENERIC, RAILS_INTERPOLATION, protectPattern } from './protect';

const KEY_LINE = /^([ \t]*)(?:-[ \t]+)?("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"-][^#]*?|-[^\s#][^#]*?)[ \t]*:(?:[ \t]+|$)/;
const ITEM_LINE = /^([ \t]*)-[ \t]+/;
// Ruby symbols (`:year` in Rails' `date.order`) are keys, not words.
const NOT_PROSE = /^(?:true|false|yes|no|on|off|null|~|[-+]?[\d.][\d._:eE+-]*|[&*!].*|\[.*|\{.*|[|>][-+\d]*|:[A-Za-z_]\w*[?!]?)$/i;

/** The scalar at `from` in the line: its offsets (inside the quotes), its text, and how to write a translation. */
function scalar(line: string, from: number): { start: number; end: number; text: string; write: (t: string) => string } | undefined {
  const rest = line.slice(from);
  const double = /^"((?:[^"\\]|\\.)*)"[ \t]*(?:#.*)?$/.exec(rest);
  if (double) {
    const inner = double[1] ?? '';
    const text = inner.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
    const write = (t: string): string => JSON.stringify(t).slice(1, -1);
    return { start: from + 1, end: from + 1 + inner.length, text, write };
  }
  const single = /^'((?:[^']|'')*)'[ \t]*(?:#.*)?$/.exec(rest);
  if (single) {
    const inner = single[1] ?? '';
    return { start: from + 1, end: from + 1 + inner.length, text: inner.replace(/''/g, "'"), write: (t) => t.replace(/'/g, "''") };
  }
  const plain = /^(.*?)[ \t]*(?:[ \t]#.*)?$/.exec(rest)?.[1] ?? '';
  if (plain === '' || NOT_PROSE.test(plain)) return undefined;
  const write = (t: string): string => (/^[\s\-?:,[\]{}#&*!|>'"%@`]|: | #|[:\s]$/.test(t) || t === '' ? JSON.stringify(t) : t);
  return { start: from, end: from + plain.length, text: plain, write };
}

/** The block scalar whose header (`|-`, `>`) ends `lines[at - 1]`, under a key indented `keyIndent`; undefined if empty. */
function blockScalar(
  lines: readonly Line[],
  at: number,
  keyIndent: number,
  folded: boolean,
  eol: string,
): Omit<RangedUnit, 'key'> | undefined {
  const body: Line[] = [];
  for (let n = at; n < lines.length; n++) {
    const line = lines[n] as Line;
    if (line.text.trim() !== '' && (/^[ \t]*/.exec(line.text)?.[0].length ?? 0) <= keyIndent) break;
    body.push(line);
  }
  while (body.length > 0 && body.at(-1)?.text.trim() === '') body.pop();
  const first = body.find((line) => line.text.trim() !== '');
  const last = body.at(-1);
  if (!first || !last) return undefined;
  const indent = /^[ \t]*/.exec(first.text)?.[0] ?? '';
  const from = body.indexOf(first);
  const rows = body.slice(from).map((line) => line.text.slice(indent.length));
  // Folded: a paragraph's lines are one line of text (YAML joins them with spaces when it reads them).
  const text = folded ? rows.join('\n').replace(/([^\n])\n(?=[^\n ])/g, '$1 ') : rows.join('\n');
  // Each row on the block's indentation (the first row's indentation is the block's: it starts at none).
  const write = (translation: string): string => {
    const rows = translation
      .trim()
      .split(/\r?\n/)
      .map((row, n) => (n === 0 || row.trim() === '' ? row.trimEnd() : `${indent}${row.trimEnd()}`));
    // Folded: a line of the translation is a paragraph, so paragraphs are parted by a blank line.
    return folded ? rows.filter((row) => row !== '').join(`${eol}${eol}`) : rows.join(eol);
  };
  return { text, start: first.start + indent.length, end: last.end, write };
}

function parseYaml(source: string): RangedUnit[] {
  const eol = lineBreak(source);
  const lines = splitLines(source);
  const units: RangedUnit[] = [];
  const keys = new KeyCounter();
  const stack: Array<{ indent: number; key: string; items: number }> = [];
  let blockIndent = -1;
  for (const [n, line] of lines.entries()) {
    const text = line.text;
    const indent = /^[ \t]*/.exec(text)?.[0].length ?? 0;
    if (blockIndent >= 0) {
      if (text.trim() === '' || indent > blockIndent) continue;
      blockIndent = -1;
    }
    if (text.trim() === '' || /^\s*#/.test(text) || /^(?:---|\.\.\.)/.test(text)) continue;
    const keyLine = KEY_LINE.exec(text);
    const item = ITEM_LINE.exec(text);
    // The enclosing keys are those on lines indented less than this one.
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1);
    let path: string;
    let from: number;
    if (keyLine) {
      const raw = keyLine[2] ?? '';
      const name = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
      const index = item && parent ? parent.items++ : undefined;
      const base = parent ? `${parent.key}.${index === undefined ? '' : `${index}.`}` : '';
      path = `${base}${name}`;
      from = keyLine[0].length;
      const value = text.slice(from).trim();
      if (value === '' || value.startsWith('#')) {
        stack.push({ indent, key: path, items: 0 });
        continue;
      }
      if (/^[|>]/.test(value)) {
        blockIndent = indent;
        const header = /^([|>])[-+]?[ \t]*(?:#.*)?$/.exec(value);
        const block = blockScalar(lines, n + 1, indent, header?.[1] === '>', eol);
        if (!block || !/\p{L}/u.test(block.text)) continue;
        // An explicit indentation indicator (`|2`) sets indentation a translation's rows cannot be
        // trusted to keep: that block stays as typed, and the user is told.
        const key = keys.next(path);
        if (header) units.push({ key, ...block });
        else
          units.push({
            key,
            text: source.slice(block.start, block.end),
            start: block.start,
            end: block.end,
            keep: 'a YAML block scalar with an indentation indicator',
          });
        continue;
      }
    } else if (item) {
      path = `${parent?.key ?? ''}.${parent ? parent.items++ : 0}`;
      from = item[0].length;
    } else {
      continue;
    }
    const found = scalar(text, from);
    if (!found || !/\p{L}/u.test(found.text)) continue;
    units.push({
      key: keys.next(path),
      text: found.text,
      start: line.start + found.start,
      end: line.start + found.end,
      write: found.write,
    });
  }
  // Keys without a language root (`en.menu.open` is `menu.open`), the same in the source and the translated file.
  const root = units[0]?.key.split('.')[0] ?? '';
  if (isLanguage(root, undefined) && units.every((unit) => unit.key.startsWith(`${root}.`)))
    return units.map((unit) => ({ ...unit, key: unit.key.slice(root.length + 1) }));
  return units;
}

/** The only root key when it is a language code (Rails' `en:`), with where it stands. */
function languageRoot(
  output: string,
  source: string | undefined,
): { at: number; length: number; quote: string; code: string; rest: string } | undefined {
  const roots = [...output.matchAll(/^(?!#|---|\.\.\.)([^\s].*)$/gm)];
  const root = roots.length === 1 ? /^(["']?)([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)?)\1:([ \t]*(?:#.*)?)$/.exec(roots[0]?.[1] ?? '') : null;
  if (!root || !isLanguage(root[2] ?? '', source)) return undefined;
  return { at: roots[0]?.index ?? 0, length: root[0].length, quote: root[1] ?? '', code: root[2] ?? '', rest: root[3] ?? '' };
}

/** `en:` as the only root key becomes the target's code. */
function renameRoot(output: string, target: string, source: string | undefined): string {
  const root = languageRoot(output, source);
  if (!root) return output;
  return `${output.slice(0, root.at)}${root.quote}${target}${root.quote}:${root.rest}${output.slice(root.at + root.length)}`;
}

export const yamlFormat = rangedFormat('YAML', parseYaml, {
  // Rails' `%{name}` interpolation, whole (the `%` would otherwise be left to the model); tags
  // (`<a href='%{path}'>` in `_html` keys), URLs and entities.
  protect: protectPattern(RAILS_INTERPOLATION, ...GENERIC),
  finish: (output, context) => renameRoot(output, context.target, context.source),
  statedLanguage: (source) => languageRoot(source, undefined)?.code,
});
