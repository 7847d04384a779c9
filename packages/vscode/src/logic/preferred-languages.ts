// The short list of languages a translator uses: offered first in every language pick, most
// recent first. Picking a language moves it to the front; the list keeps a handful.

export const PREFERRED_LANGUAGES_KEPT = 5;

/** `preferred` with `picked` moved to the front, at most PREFERRED_LANGUAGES_KEPT long. */
export function rememberLanguage(preferred: readonly string[], picked: string): string[] {
  return [picked, ...preferred.filter((code) => code !== picked)].slice(0, PREFERRED_LANGUAGES_KEPT);
}

/** `items` with the preferred ones first, in the list's order; the others keep theirs. */
export function preferredFirst<T extends { readonly id: string }>(items: readonly T[], preferred: readonly string[]): T[] {
  const rank = (item: T): number => {
    const index = preferred.indexOf(item.id);
    return index === -1 ? preferred.length : index;
  };
  return items
    .map((item, order) => ({ item, order }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.order - b.order)
    .map(({ item }) => item);
}
