// What stays as typed inside any format's text, one rule per idea, so a format's own protection is
// these plus its additions (`protectPattern(TAG, URL, ENTITY, RAILS_INTERPOLATION)`). Printf and
// strftime conversions, `{name}`, `{{name}}` and ICU syntax are placeholders.ts's, applied to every text.
// Kept whole here rather than in the formats so the generic rules can move into @circassian/core as one.

/** An HTML, XML or JSX tag with its attributes (quoted values may hold `>`), or i18next's numbered `<0>`, `</0>`, `<1/>`. */
export const TAG = String.raw`<\/?(?:[A-Za-z][\w:.-]*|\d+)(?:\s+(?:[^<>"']|"[^"]*"|'[^']*')*)?\/?>`;

/** A URL with a scheme, without the sentence's closing punctuation. */
export const URL = String.raw`(?:(?:https?|ftp):\/\/|mailto:)[^\s<>"'\x60]*[^\s<>"'\x60.,;:!?)\]}]`;

/** An XML or HTML character reference. */
export const ENTITY = String.raw`&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);`;

/**
 * An e-mail address (`editors@example.org`): the model would spell it in the target's letters.
 * Its domain ends in letters, so the sentence's closing full stop stays outside.
 */
export const EMAIL = String.raw`[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}`;

/** The generic rules, for formats whose texts are plain strings (JSON, YAML, PO). */
export const GENERIC = [TAG, URL, EMAIL, ENTITY] as const;

/** A code span of Markdown, or of a comment or message written the Markdown way (`npm install`). */
export const CODE_SPAN = String.raw`\x60+[^\x60\n]*?\x60+`;

/** A template literal's substitution (`${userName}`, `${items.length > 1 ? 's' : ''}`), whole. */
export const TEMPLATE_SUBSTITUTION = String.raw`\$\{(?:[^{}]|\{[^{}]*\})*\}`;

/** A variable interpolated into a string of a shell, PHP, Perl, Kotlin or Dart (`$HOME`, `$name`). */
export const STRING_VARIABLE = String.raw`\$[A-Za-z_][A-Za-z0-9_]*`;

/** Rails' `%{name}` interpolation and Ruby's `%<name>s` format references, whole. */
export const RAILS_INTERPOLATION = String.raw`%\{[^{}]+\}|%<\w+>[A-Za-z]?`;

/** i18next's nesting, `$t(key)` and `$t(key, { "count": 2 })`. */
export const I18NEXT_NESTING = String.raw`\$t\((?:[^()]|\([^()]*\))*\)`;

/** One sticky pattern of the given rules, tried in order at each position of a text (see maskPlaceholders). */
export function protectPattern(...rules: readonly string[]): RegExp {
  return new RegExp(rules.join('|'), 'y');
}
