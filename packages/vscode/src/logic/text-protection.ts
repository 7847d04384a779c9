// What stays as typed in the text a person selects, hovers or speaks: Translate File's protection
// applied to every path that sends text. placeholders.ts masks `{name}`, ICU syntax and printf
// conversions in any text; on top of it, what the document's kind keeps (a localisation file's,
// Markdown's or subtitles' own rules: tags, URLs, e-mail addresses, entities, code spans, link
// targets), and in code what a string or comment holds besides words: a template literal's
// `${userName}`, a shell's or PHP's `$name`, Rails' `%{name}`, a code span in backticks.
import { formatFor } from './file-formats';
import { protectionIn } from './file-formats/format';
import { markdownFormat } from './file-formats/markdown';
import {
  CODE_SPAN,
  GENERIC,
  I18NEXT_NESTING,
  RAILS_INTERPOLATION,
  STRING_VARIABLE,
  TEMPLATE_SUBSTITUTION,
  protectPattern,
} from './file-formats/protect';
import { maskPlaceholders } from './placeholders';
import { isCode } from './smart-selection';

/** In code: what a string literal or a comment holds besides words. */
const CODE_PROTECT = protectPattern(CODE_SPAN, TEMPLATE_SUBSTITUTION, STRING_VARIABLE, RAILS_INTERPOLATION, I18NEXT_NESTING, ...GENERIC);
/** In plain text and anything else: code spans, tags, URLs, e-mail addresses, entities. */
const PROSE_PROTECT = protectPattern(CODE_SPAN, ...GENERIC);

/** The sticky pattern of what stays as typed in a document of this language, path and text (see maskPlaceholders). */
export function protectionFor(languageId: string, path: string, text = ''): RegExp {
  if (languageId === 'markdown') return protectionIn(markdownFormat, text) ?? PROSE_PROTECT;
  const format = formatFor(path.slice(path.lastIndexOf('/') + 1));
  const protect = format && protectionIn(format, text);
  if (protect) return protect;
  return isCode(languageId) ? CODE_PROTECT : PROSE_PROTECT;
}

/** A code span's words as a reader says them (`hugo server`); any other kept token is not read. */
function spokenToken(token: string): string {
  const code = /^(`+)([^`]*)\1$/.exec(token);
  return code ? (code[2] ?? '').trim() : ' ';
}

/**
 * The words of a text as a listener should hear them: link targets, URLs, e-mail addresses, tags,
 * entities and placeholders are not read (a link is read by its text, a code span by its words),
 * nor Markdown's emphasis marks.
 */
export function spokenWords(text: string, protect: RegExp): string {
  const masked = maskPlaceholders(text, protect);
  return masked.text
    .replace(/\u27E6(\d+)\u27E7/g, (_, index: string) => spokenToken(masked.parts[Number(index)] ?? ''))
    .replace(/(^|[\s(])[*_~]{1,3}(?=\S)/g, '$1')
    .replace(/(?<=\S)[*_~]{1,3}(?=$|[\s.,;:!?)])/g, '')
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
