// A translation written into the string literal it came from. The literal's contents were sent as
// the text they stand for (escapes read) with their kept tokens as marks; going back, the
// service's own text is escaped for the quote, and in a template literal a `${` of its own becomes
// plain text, so no answer can add a live substitution; the tokens of the source are put back
// escaped the same way, except the template literal's own substitutions (`${userName}`), which
// stay live as they were typed.
import { unmaskPlaceholders, type Masked } from './placeholders';
import { escapeLiteral } from './smart-selection';

/** The literal's new contents, or undefined when the answer lost or repeated a mark. */
export function literalTranslation(answer: string, masked: Masked, quote: string): string | undefined {
  const template = quote === '`';
  const escape = (text: string): string => escapeLiteral(text, quote);
  const ownText = template ? escape(answer).replace(/\$\{/g, '\\${') : escape(answer);
  return unmaskPlaceholders(ownText, {
    parts: masked.parts.map((part) => (template && part.startsWith('${') ? part : escape(part))),
    ...(masked.prefix === undefined ? {} : { prefix: escape(masked.prefix), suffix: escape(masked.suffix ?? '') }),
  });
}
