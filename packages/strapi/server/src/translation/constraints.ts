// A translation fitted to its field's constraints, so that one field that does not fit fails no
// whole locale: Strapi validates every field of an entry on write and publish, and a translated
// SEO title longer than its maxLength would otherwise reject the entry's other, valid fields.
import type { Attribute } from '../strapi';

export interface Fitted {
  readonly value: string;
  /** Why the translation was changed to fit; absent when it fit as it was. */
  readonly reason?: string;
  /** The constraint it broke, and its limit, for the admin's own words. */
  readonly code?: 'maxLength' | 'minLength' | 'regex';
  readonly limit?: number | string;
}

/** Cut at the last word boundary within `max` characters (a hard cut when a single word is longer). */
function cutAtWord(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max + 1).join('');
  const atSpace = head.slice(0, head.search(/\s\S*$/u));
  const cut = atSpace.trim() ? atSpace : chars.slice(0, max).join('');
  return cut.replace(/[\s,;:–—-]+$/u, '');
}

const length = (text: string) => [...text].length;

/**
 * The translated value of a text field as written: cut at a word to fit a maxLength, or the
 * source's own text (which Strapi accepted) when it breaks a minLength or regex; `reason` says which.
 */
export function fitConstraints(attribute: Attribute, translated: string, source: string): Fitted {
  let value = translated;
  let cut: Fitted | undefined;
  if (attribute.maxLength !== undefined && length(value) > attribute.maxLength) {
    value = cutAtWord(value, attribute.maxLength);
    cut = { value, reason: `cut to ${attribute.maxLength} characters (maxLength)`, code: 'maxLength', limit: attribute.maxLength };
  }
  if (attribute.minLength !== undefined && length(value) < attribute.minLength && value !== '')
    return {
      value: source,
      reason: `shorter than ${attribute.minLength} characters (minLength): the source text is kept`,
      code: 'minLength',
      limit: attribute.minLength,
    };
  if (attribute.regex !== undefined && value !== '' && !new RegExp(attribute.regex).test(value))
    return {
      value: source,
      reason: `does not match ${attribute.regex} (regex): the source text is kept`,
      code: 'regex',
      limit: attribute.regex,
    };
  return cut ?? { value };
}
