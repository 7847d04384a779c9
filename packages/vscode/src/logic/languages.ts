// The translation languages from `GET /v1/languages`, whose body the interface leaves open: an
// array of `{id, title}` or of codes, at the top or under some key. Tolerant on purpose.

export interface LanguageItem {
  readonly id: string;
  readonly title: string;
}

function asItem(value: unknown): LanguageItem | undefined {
  if (typeof value === 'string' && value.trim()) return { id: value, title: value };
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const id = [record.id, record.code, record.language].find((candidate) => typeof candidate === 'string');
    if (typeof id !== 'string' || !id) return undefined;
    const title = [record.title, record.name, record.label].find((candidate) => typeof candidate === 'string');
    return { id, title: typeof title === 'string' ? title : id };
  }
  return undefined;
}

function fromArray(values: readonly unknown[]): LanguageItem[] {
  const items = values.map(asItem).filter((item): item is LanguageItem => item !== undefined);
  return items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
}

export function parseLanguageListing(body: unknown): LanguageItem[] {
  if (Array.isArray(body)) return fromArray(body);
  if (body === null || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  for (const key of ['languages', 'translation_languages', 'items', 'data']) {
    const value = record[key];
    if (Array.isArray(value)) return fromArray(value);
  }
  // A map of code to name: {"ru": "Russian", ...}
  const entries = Object.entries(record).filter(([, value]) => typeof value === 'string');
  return entries.map(([id, title]) => ({ id, title: title as string }));
}
