const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Length of a text in characters (code points), the unit of the interface's length rules and of the
 * translation-character quota. A lone surrogate counts as one character.
 */
export function characterCount(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Whether a parsed JSON value can be written back as JSON (deep nesting overflows the stack). */
export function isSerializable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}
