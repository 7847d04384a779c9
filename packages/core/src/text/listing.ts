/**
 * The items of a service listing (`GET /v1/languages`, `GET /v1/voices`), whose body the interface
 * leaves open: an array of `{id, title}` objects or of codes, at the top or under some key, or a map
 * of code to name. Tolerant on purpose, so a service that grows its listing breaks no editor.
 */

export interface ListingItem {
  readonly id: string;
  /** The name to show; the id when the listing gives none. */
  readonly title: string;
}

/** The keys a language listing may sit under, in the order they are tried. */
export const LANGUAGE_LISTING_KEYS: readonly string[] = ['languages', 'translation_languages', 'items', 'data'];

function asItem(value: unknown): ListingItem | undefined {
  if (typeof value === 'string') return value.trim() ? { id: value, title: value } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const id = [record['id'], record['code'], record['language']].find((candidate) => typeof candidate === 'string');
  if (typeof id !== 'string' || !id) return undefined;
  const title = [record['title'], record['name'], record['label']].find((candidate) => typeof candidate === 'string');
  return { id, title: typeof title === 'string' ? title : id };
}

function fromArray(values: readonly unknown[]): ListingItem[] {
  const items = values.map(asItem).filter((item): item is ListingItem => item !== undefined);
  return items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
}

/**
 * Every item of a listing once, in the listing's order. `keys` names where the array may sit in an
 * object body (the first that holds an array wins); an object with none of them is read as a map of
 * id to title. Anything else gives an empty list.
 */
export function parseListing(body: unknown, keys: readonly string[]): ListingItem[] {
  if (Array.isArray(body)) return fromArray(body);
  if (body === null || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  for (const key of keys) {
    const value = record[key];
    if (Array.isArray(value)) return fromArray(value);
  }
  // A map of code to name: {"ru": "Russian", ...}
  return Object.entries(record).flatMap(([id, title]) => (typeof title === 'string' ? [{ id, title }] : []));
}

/** The translation languages of a `GET /v1/languages` body, whatever its shape. */
export function parseLanguageListing(body: unknown): ListingItem[] {
  return parseListing(body, LANGUAGE_LISTING_KEYS);
}
