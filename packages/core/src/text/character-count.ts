const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Length of a text in characters as the service counts them (code points): the unit of the
 * interface's length rules (`maxLength`, the synchronous speech limit) and of the
 * translation-character quota. A string's `length` overstates it for letters outside the Basic
 * Multilingual Plane; a lone surrogate counts as one character.
 */
export function characterCount(text: string): number {
  // Most text has no surrogate at all, and then UTF-16 units and code points are the same count.
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}
