// The short lists of languages a translator uses, offered first in every language pick: the ones
// they chose in circassian.preferredLanguages, as they ordered them, then the ones they picked last,
// most recent first. Picks are remembered in the extension's own state, never written into the
// settings: a pick rewrote the user's settings.json every time.

export const RECENT_LANGUAGES_KEPT = 5;

/** `recent` with `picked` moved to the front, at most RECENT_LANGUAGES_KEPT long. */
export function rememberLanguage(recent: readonly string[], picked: string): string[] {
  return [picked, ...recent.filter((code) => code !== picked)].slice(0, RECENT_LANGUAGES_KEPT);
}

/** The languages offered first: the preferred ones, then the recent picks that are not among them. */
export function firstLanguages(preferred: readonly string[], recent: readonly string[]): string[] {
  return [...preferred, ...recent.filter((code) => !preferred.includes(code))];
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
