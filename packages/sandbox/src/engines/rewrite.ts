/**
 * Longest-match letter substitution that keeps the case of what it replaces: the pseudo-translation's
 * only mechanism (translate.ts holds the tables and the rules that use them).
 */

/** Lowercase keys of one or two letters, each with its lowercase replacement. */
export type RewriteTable = Readonly<Record<string, string>>;

interface CompiledTable {
  readonly pairs: ReadonlyMap<string, string>;
  readonly singles: ReadonlyMap<string, string>;
}

// Tables are module constants, so compiling each once and keeping it is bounded.
const compiled = new WeakMap<RewriteTable, CompiledTable>();

function compile(table: RewriteTable): CompiledTable {
  let result = compiled.get(table);
  if (!result) {
    const entries = Object.entries(table);
    result = {
      pairs: new Map(entries.filter(([key]) => key.length === 2)),
      singles: new Map(entries.filter(([key]) => key.length === 1)),
    };
    compiled.set(table, result);
  }
  return result;
}

/**
 * Rewrites `text` left to right: at each position a two-letter key wins over a one-letter key;
 * characters no key names are copied. Case follows the replaced text: a lowercase first letter gives
 * the lowercase replacement; an uppercase one gives a capitalised replacement, or an all-uppercase
 * one when the replaced text is all uppercase and is two letters or sits next to an uppercase letter
 * ("Щи" -> "Shchi", "ЩИ" -> "SHCHI", "SH" -> "Ш", "ШЪО" -> "ШЪУЭ"). `locale` decides uppercase forms (Turkish dotted İ).
 */
export function rewriteByTable(text: string, table: RewriteTable, locale?: string): string {
  const { pairs, singles } = compile(table);
  let out = '';
  for (let i = 0; i < text.length; ) {
    const first = text.charAt(i);
    const firstLower = lowerLetter(first);
    const pair = i + 1 < text.length ? pairs.get(firstLower + lowerLetter(text.charAt(i + 1))) : undefined;
    const replacement = pair ?? singles.get(firstLower);
    if (replacement === undefined) {
      out += first;
      i += 1;
      continue;
    }
    const length = pair === undefined ? 1 : 2;
    const neighbours = text.charAt(i - 1) + text.charAt(i + length);
    out += withCaseOf(text.slice(i, i + length), neighbours, replacement, locale);
    i += length;
  }
  return out;
}

/** Lowercase of one character; Turkish İ lowercases to plain i (the default mapping adds a combining dot). */
function lowerLetter(char: string): string {
  return char === 'İ' ? 'i' : char.toLowerCase();
}

function isUpperLetter(char: string): boolean {
  return char !== lowerLetter(char);
}

function withCaseOf(replaced: string, neighbours: string, replacement: string, locale: string | undefined): string {
  if (!isUpperLetter(replaced.charAt(0))) return replacement;
  const allUpper = [...replaced].every(isUpperLetter) && (replaced.length > 1 || [...neighbours].some(isUpperLetter));
  if (allUpper) return replacement.toLocaleUpperCase(locale);
  return replacement.charAt(0).toLocaleUpperCase(locale) + replacement.slice(1);
}
