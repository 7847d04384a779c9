// A JSON localisation file as entries: every string value with its key path (nested objects and
// arrays), and the file rebuilt with the same keys, order and indentation, strings replaced.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface JsonEntry {
  /** The key path, joined with dots (`menu.file.open`; array items by index). */
  readonly key: string;
  readonly text: string;
}

export function jsonEntries(source: string): JsonEntry[] {
  const entries: JsonEntry[] = [];
  const walk = (value: Json, path: string): void => {
    if (typeof value === 'string') entries.push({ key: path, text: value });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, path ? `${path}.${index}` : String(index)));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(JSON.parse(source) as Json, '');
  return entries;
}

/** The source file with each string replaced by `replace(key, text)`, in the source's indentation. */
export function rebuildJson(source: string, replace: (key: string, text: string) => string): string {
  const map = (value: Json, path: string): Json => {
    if (typeof value === 'string') return replace(path, value);
    if (Array.isArray(value)) return value.map((item, index) => map(item, path ? `${path}.${index}` : String(index)));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item, path ? `${path}.${key}` : key)]));
    return value;
  };
  const indent = /^[[{]\s*\n([ \t]+)/.exec(source)?.[1] ?? '  ';
  return `${JSON.stringify(map(JSON.parse(source) as Json, ''), null, indent)}${source.endsWith('\n') ? '\n' : ''}`;
}
