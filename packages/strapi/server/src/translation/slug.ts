// A uid/slug made from the translated field, as Strapi's own uid generator does for a new entry:
// lower case, ASCII where a transliteration exists, words joined by hyphens.
import { CYRILLIC_TO_LATIN } from '@circassian/core/text';
import type { Attribute, DocumentData } from '../strapi';

const CYRILLIC: Readonly<Record<string, string>> = { ...CYRILLIC_TO_LATIN, ъ: '', ь: '', ӏ: '', Ӏ: '' };

export function slugify(text: string): string {
  const ascii = [...text.toLowerCase().normalize('NFKD')].map((char) => CYRILLIC[char] ?? char).join('');
  return (
    ascii
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'entry'
  );
}

/**
 * The text a uid field of the target locale is made from: its translated target field, else
 * (a uid naming no target field, or an empty one) the source's own uid, which the writer makes
 * unique in the target locale; a required uid left to its schema default would clash in every entry.
 */
export function uidText(
  attribute: Attribute,
  name: string,
  translated: DocumentData,
  target: DocumentData | null,
  source: DocumentData,
): string | undefined {
  const from = attribute.targetField;
  const fromField = from ? (translated[from] ?? target?.[from]) : undefined;
  if (typeof fromField === 'string' && fromField) return fromField;
  const own = source[name];
  return typeof own === 'string' && own ? own : undefined;
}
