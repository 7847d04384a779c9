// A uid/slug made from the translated field, as Strapi's own uid generator does for a new entry:
// lower case, ASCII where a transliteration exists, words joined by hyphens.
import { CYRILLIC_TO_LATIN } from '@circassian/core/text';

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
