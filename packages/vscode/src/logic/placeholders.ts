// Placeholders survive translation: `{name}`, `{0}`, `{{count}}`, `%s`, `%1$s`, `%(name)s`, `%ld`, `%Y`, and
// the syntax of ICU messages (`{count, plural, one {# item} other {# items}}`, select,
// selectordinal) are replaced by numbered marks the model leaves alone (`⟦0⟧`), and put back
// after. Only the words inside ICU options are translated. A translation that lost or repeated
// a mark is refused (the caller keeps the source), never written with a broken placeholder.

const OPEN = '\u27E6';
const CLOSE = '\u27E7';

export interface Masked {
  /** The text with marks in place of the placeholders. */
  readonly text: string;
  /** What each mark stands for, by number. */
  readonly parts: readonly string[];
  /** Markup wrapping the whole text (`<i>` … `</i>`): not sent, put back around the translation. */
  readonly prefix?: string;
  readonly suffix?: string;
}

// A printf conversion with its argument, flags, width, precision and length modifier (`%1$-5.2ld`,
// `%(name)s`, `%@`), a strftime or Rails number-format directive (`%Y`, `%-d`, `%u%n`), or `%%`. No
// space flag: `100% of` is prose.
const PRINTF = /^%(?:%|(?:\d+\$)?(?:\([^)]*\))?[-+0#'_^]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|ll|[hlLqjzt])?[A-Za-z@])/;
const ICU_COMPLEX = /^\{\s*[\w.]+\s*,\s*(?:plural|select|selectordinal)\s*,/;
/** An ICU message's header with its first option's opening brace (`{count, plural, one {`). */
const ICU_OPENING = /^\{\s*[\w.]+\s*,\s*(?:plural|select|selectordinal)\s*,\s*=?[\w-]+\s*\{/;

class Masker {
  readonly parts: string[] = [];
  out = '';
  #pending = '';

  mark(part: string): void {
    this.#pending += part;
  }

  text(chars: string): void {
    this.#flush();
    this.out += chars;
  }

  finish(edges: Edges): Masked {
    this.#flush();
    return compact(this.out, this.parts, edges);
  }

  #flush(): void {
    if (!this.#pending) return;
    this.out += `${OPEN}${this.parts.length}${CLOSE}`;
    this.parts.push(this.#pending);
    this.#pending = '';
  }
}

const MARK = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
/** What joins two kept tokens into one: a date's `-`, a time's `:`, a path's `/` (`%Y-%m-%d`, `%H:%M`). */
const JOINER = /^[-:/_]{1,3}$/;
const OPENING_TAGS = /^(?:<[A-Za-z][\w:.-]*(?:\s(?:[^<>"']|"[^"]*"|'[^']*')*)?>)+$/;
const CLOSING_TAGS = /^(?:<\/[A-Za-z][\w:.-]*\s*>)+$/;

/** Tag names of a run of tags, lower case, without VTT classes (`<c.yellow>` is `c`). */
function tagNames(tags: string): string[] {
  return [...tags.matchAll(/<\/?([A-Za-z][\w:-]*)/g)].map((match) => (match[1] ?? '').toLowerCase());
}

/** What may stand at a text's edges outside the translation, whatever the target's word order. */
interface Edges {
  /** The whole text is one ICU plural or select: its header and closing braces are not sent. */
  readonly icu: boolean;
}

/** A subtitle's position override (`{\an8}`, `{\pos(10,20)}`): it places the whole cue, so it stays first. */
const POSITION = /^\{(?:\\(?:an?\d+|pos\([^)]*\)|move\([^)]*\)|org\([^)]*\)))+\}$/;

/**
 * Fewer characters for the same protection (issue 25's 1.15x, then 1.12x): two kept tokens joined only by a
 * date's or time's punctuation are one mark (`%Y-%m-%d` is `⟦0⟧`, not `⟦0⟧-⟦1⟧-⟦2⟧`), and what
 * can only stand at the text's edges is not sent at all but put back around the translation: tags
 * wrapping the whole text (`<i>…</i>`), an ICU message's header and closing braces when the message
 * is the whole text, a subtitle's position override. Every token still comes back byte-identical;
 * the model sees no less of the words.
 */
function compact(out: string, parts: readonly string[], edges: Edges): Masked {
  // Segments: text, then a mark, then text, ...: [text, mark, text, mark, ..., text].
  const pieces = out.split(MARK);
  const texts: string[] = [];
  const marks: string[] = [];
  pieces.forEach((piece, index) => (index % 2 === 0 ? texts.push(piece) : marks.push(parts[Number(piece)] ?? '')));
  for (let index = 0; index < marks.length - 1; index++) {
    const between = texts[index + 1] ?? '';
    if (!JOINER.test(between)) continue;
    marks.splice(index, 2, `${marks[index] ?? ''}${between}${marks[index + 1] ?? ''}`);
    texts.splice(index + 1, 1);
    index--;
  }
  let prefix: string | undefined;
  let suffix: string | undefined;
  const first = marks[0];
  const last = marks.at(-1);
  if (
    marks.length >= 2 &&
    texts[0] === '' &&
    texts.at(-1) === '' &&
    first !== undefined &&
    last !== undefined &&
    OPENING_TAGS.test(first) &&
    CLOSING_TAGS.test(last) &&
    tagNames(first).join() === tagNames(last).reverse().join()
  ) {
    prefix = first;
    suffix = last;
    marks.shift();
    marks.pop();
    texts.shift();
    texts.pop();
  } else if (edges.icu && marks.length >= 2 && texts[0] === '' && texts.at(-1) === '') {
    // Only the header and the last braces: a `#` next to them is still the model's to place.
    prefix = ICU_OPENING.exec(first ?? '')?.[0];
    suffix = '}}';
    const head = (first ?? '').slice(prefix?.length ?? 0);
    const tail = (last ?? '').slice(0, -2);
    if (head) marks[0] = head;
    else {
      marks.shift();
      texts.shift();
    }
    if (tail) marks[marks.length - 1] = tail;
    else {
      marks.pop();
      texts.pop();
    }
  } else if (marks.length >= 1 && texts[0] === '' && POSITION.test(first ?? '')) {
    prefix = marks.shift();
    texts.shift();
  }
  let text = texts[0] ?? '';
  marks.forEach((_, index) => (text += `${OPEN}${index}${CLOSE}${texts[index + 1] ?? ''}`));
  return { text, parts: marks, ...(prefix === undefined ? {} : { prefix, suffix: suffix ?? '' }) };
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return index;
  }
  return -1;
}

/** Masks `text[from, to)`; `inPlural`: a `#` there is the number; `protect`: a file format's own marks. */
function maskRange(text: string, from: number, to: number, masker: Masker, inPlural: boolean, protect?: RegExp): void {
  let index = from;
  while (index < to) {
    if (protect) {
      protect.lastIndex = index;
      const match = protect.exec(text)?.[0];
      if (match && index + match.length <= to) {
        masker.mark(match);
        index += match.length;
        continue;
      }
    }
    const rest = text.slice(index, to);
    if (rest.startsWith('{{')) {
      const end = text.indexOf('}}', index + 2);
      if (end !== -1 && end < to) {
        masker.mark(text.slice(index, end + 2));
        index = end + 2;
        continue;
      }
    }
    if (rest.startsWith('{')) {
      const close = closingBrace(text, index);
      if (close !== -1 && close < to) {
        const complex = ICU_COMPLEX.exec(rest);
        if (complex) {
          const plural = /plural|selectordinal/.test(complex[0]);
          // The header, then each `selector {message}`: selectors and braces are marks, messages text.
          let cursor = index + complex[0].length;
          let header = text.slice(index, cursor);
          while (cursor < close) {
            const option = /^\s*(=?[\w-]+)\s*\{/.exec(text.slice(cursor, close));
            if (!option) break;
            const open = cursor + option[0].length - 1;
            const end = closingBrace(text, open);
            if (end === -1 || end > close) break;
            masker.mark(header + option[0]);
            header = '';
            maskRange(text, open + 1, end, masker, plural, protect);
            masker.mark('}');
            cursor = end + 1;
          }
          masker.mark(header + text.slice(cursor, close + 1));
        } else {
          masker.mark(text.slice(index, close + 1));
        }
        index = close + 1;
        continue;
      }
    }
    const printf = text[index] === '%' ? PRINTF.exec(rest) : null;
    if (printf) {
      masker.mark(printf[0]);
      index += printf[0].length;
      continue;
    }
    if (inPlural && text[index] === '#') {
      masker.mark('#');
      index++;
      continue;
    }
    masker.text(text[index] ?? '');
    index++;
  }
}

/**
 * `protect`: a sticky (`y`) pattern of what else the file format keeps as typed (Markdown's code
 * spans and link targets, XML's inline tags and entities, subtitle styling), tried first at every position.
 */
export function maskPlaceholders(text: string, protect?: RegExp): Masked {
  if (protect && !protect.sticky) throw new Error('protect must be a sticky pattern');
  const masker = new Masker();
  maskRange(text, 0, text.length, masker, false, protect);
  return masker.finish({ icu: ICU_OPENING.test(text) && text.endsWith('}}') && closingBrace(text, 0) === text.length - 1 });
}

/** The translation with its marks (and the markup around it) put back; undefined when a mark is missing, repeated or unknown. */
export function unmaskPlaceholders(translated: string, masked: Pick<Masked, 'parts' | 'prefix' | 'suffix'>): string | undefined {
  const { parts } = masked;
  const seen = new Set<number>();
  let broken = false;
  const result = translated.replace(new RegExp(`${OPEN}\\s*(\\d+)\\s*${CLOSE}`, 'g'), (_, digits: string) => {
    const index = Number(digits);
    if (seen.has(index) || index >= parts.length) broken = true;
    seen.add(index);
    return parts[index] ?? '';
  });
  return broken || seen.size !== parts.length ? undefined : `${masked.prefix ?? ''}${result}${masked.suffix ?? ''}`;
}

/** Whether the text has words to translate once its placeholders are set aside. */
export function hasWords(masked: Masked): boolean {
  return /\p{L}/u.test(masked.text.replace(new RegExp(`${OPEN}\\d+${CLOSE}`, 'g'), ''));
}
