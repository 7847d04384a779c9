/**
 * Longest-match letter substitution that keeps the case of what it replaces: the pseudo-translation's
 * only mechanism (translate.ts holds the tables and the rules that use them).
 */

/** Lowercase keys of one or two letters, each with its lowercase replacement. */
export type RewriteTable = Readonly<Record<string, string>>;

interface Replacement {
  readonly lower: string;
  /** Whether the matched text starts with an uppercase letter. */
  readonly startsUpper: boolean;
  /** Whether every matched letter is uppercase. */
  readonly allUpper: boolean;
}

/**
 * A table expanded to every case form of its keys, so rewriting looks characters up as they are,
 * without lowercasing each one (this runs on every translated character, inside the request).
 */
interface CompiledTable {
  readonly singles: ReadonlyMap<string, Replacement>;
  readonly pairs: ReadonlyMap<string, Replacement>;
  readonly pairStarts: ReadonlySet<string>;
}

// Tables are module constants, so compiling each once and keeping it is bounded.
const compiled = new WeakMap<RewriteTable, CompiledTable>();

function compile(table: RewriteTable): CompiledTable {
  const cached = compiled.get(table);
  if (cached) return cached;
  const singles = new Map<string, Replacement>();
  const pairs = new Map<string, Replacement>();
  const pairStarts = new Set<string>();
  for (const [key, lower] of Object.entries(table)) {
    const forms = [...key].map(caseForms);
    if (key.length === 1) {
      for (const a of forms[0] ?? []) singles.set(a, { lower, startsUpper: isUpperLetter(a), allUpper: isUpperLetter(a) });
      continue;
    }
    for (const a of forms[0] ?? []) {
      pairStarts.add(a);
      for (const b of forms[1] ?? [])
        pairs.set(a + b, { lower, startsUpper: isUpperLetter(a), allUpper: isUpperLetter(a) && isUpperLetter(b) });
    }
  }
  const result = { singles, pairs, pairStarts };
  compiled.set(table, result);
  return result;
}

/** The lowercase letter and the single characters that lowercase to it (i: i, I and Turkish İ). */
function caseForms(lower: string): string[] {
  const candidates = new Set([lower, lower.toUpperCase(), lower.toLocaleUpperCase('tr')]);
  return [...candidates].filter((form) => form.length === 1 && lowerLetter(form) === lower);
}

/**
 * Rewrites `text` left to right: at each position a two-letter key wins over a one-letter key;
 * characters no key names are copied. Case follows the replaced text: a lowercase first letter gives
 * the lowercase replacement; an uppercase one gives a capitalised replacement, or an all-uppercase
 * one when the replaced text is all uppercase and is two letters or sits next to an uppercase letter
 * ("Щи" -> "Shchi", "ЩИ" -> "SHCHI", "SH" -> "Ш", "ШЪО" -> "ШЪУЭ"). `locale` decides uppercase
 * forms (Turkish dotted İ).
 */
export function rewriteByTable(text: string, table: RewriteTable, locale?: string): string {
  const { singles, pairs, pairStarts } = compile(table);
  let out = '';
  let copiedUpTo = 0; // text before this index is in `out`; unmatched runs are copied in one slice
  for (let i = 0; i < text.length;) {
    const first = text.charAt(i);
    const pair = pairStarts.has(first) ? pairs.get(first + text.charAt(i + 1)) : undefined;
    const match = pair ?? singles.get(first);
    if (match === undefined) {
      i += 1;
      continue;
    }
    const length = pair === undefined ? 1 : 2;
    out += text.slice(copiedUpTo, i);
    if (match.startsUpper) {
      const wholeWordUpper = length === 2 || isUpperLetter(text.charAt(i - 1)) || isUpperLetter(text.charAt(i + length));
      out += upperCased(match, wholeWordUpper, locale);
    } else {
      out += match.lower;
    }
    i += length;
    copiedUpTo = i;
  }
  return out + text.slice(copiedUpTo);
}

function upperCased(match: Replacement, wholeWordUpper: boolean, locale: string | undefined): string {
  if (match.allUpper && wholeWordUpper) return match.lower.toLocaleUpperCase(locale);
  return match.lower.charAt(0).toLocaleUpperCase(locale) + match.lower.slice(1);
}

/** Lowercase of one character; Turkish İ lowercases to plain i (the default mapping adds a combining dot). */
function lowerLetter(char: string): string {
  return char === 'İ' ? 'i' : char.toLowerCase();
}

function isUpperLetter(char: string): boolean {
  return char !== lowerLetter(char);
}
