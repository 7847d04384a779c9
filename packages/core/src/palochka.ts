/**
 * Palochka helpers. Interim version: replaced by the full rule set of issue 3.
 * Browser-safe and dependency-free: imports nothing.
 */
export const PALOCHKA = '\u04C0';

const LOOKALIKE_IN_CYRILLIC_WORD = /(?<=[\u0400-\u04FF])[Il1|]|[Il1|](?=[\u0400-\u04FF])/gu;

export interface PalochkaRange {
  readonly start: number;
  readonly end: number;
  readonly found: string;
}

export function findPalochkaLookalikes(text: string): PalochkaRange[] {
  return [...text.matchAll(LOOKALIKE_IN_CYRILLIC_WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    found: m[0],
  }));
}

export function normalizePalochka(text: string): string {
  return text.replace(LOOKALIKE_IN_CYRILLIC_WORD, PALOCHKA);
}
