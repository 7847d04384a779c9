// Texts packed, in order, into groups that each fit one batch request (at most 50 texts and
// 20000 characters, from the interface's facts). A text over the character limit travels alone;
// the client splits it at sentence boundaries.
import { serviceFacts } from '@circassian/core';
import { characterCount } from '@circassian/core/text';

export function chunkTexts(
  texts: readonly string[],
  { maxTexts, maxChars }: { maxTexts: number; maxChars: number } = {
    maxTexts: serviceFacts.limits.batchMaxTexts,
    maxChars: serviceFacts.limits.batchMaxChars,
  },
): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    const length = characterCount(text);
    if (current.length > 0 && (current.length >= maxTexts || chars + length > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
