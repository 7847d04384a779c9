// A hand edit of a translated text that lost or added a placeholder or tag (`{name}`, `%s`,
// `<b>`): the program that shows the text needs every one the source has, so such an edit is a
// warning in the Problems panel, not something kept silently. The tokens are those Translate File
// keeps (placeholders.ts and the format's own protection), compared as a multiset: moving one is fine.
import { maskPlaceholders } from './placeholders';

export interface TokenMismatch {
  /** Tokens of the source the translation lacks (each as many times as it lacks it). */
  readonly missing: readonly string[];
  /** Tokens of the translation the source does not have. */
  readonly extra: readonly string[];
}

/** Markdown's bare link brackets: kept as typed, but a translator may add or drop brackets in prose. */
const BRACKET = /^!?[[\]]$/;

/** The kept tokens of a text, one entry per tag (a run of wrapping tags is several tokens). */
function tokensOf(text: string, protect: RegExp | undefined): string[] {
  const masked = maskPlaceholders(text, protect);
  return [masked.prefix ?? '', ...masked.parts, masked.suffix ?? '']
    .flatMap((part) => part.match(/<[^<>]+>|[^<]+/g) ?? [])
    .map((token) => token.trim())
    .filter((token) => token !== '' && !BRACKET.test(token));
}

/** How `target` differs from `source` in its tokens; undefined when it has exactly the source's. */
export function tokenMismatch(source: string, target: string, protect?: RegExp): TokenMismatch | undefined {
  const wanted = tokensOf(source, protect);
  const extra: string[] = [];
  for (const token of tokensOf(target, protect)) {
    const at = wanted.indexOf(token);
    if (at === -1) extra.push(token);
    else wanted.splice(at, 1);
  }
  return wanted.length === 0 && extra.length === 0 ? undefined : { missing: wanted, extra };
}
