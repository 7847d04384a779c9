// What Translate File needs of each kind of file: the texts to translate (each under a key that
// finds it again in the translated file, so a second run sends only what is new or changed), the
// translations an existing target file holds, and the target file built from the source.

export interface FileUnit {
  /** Stable across runs and the same in the source and the translated file. */
  readonly key: string;
  /** The text to translate, as the format holds it (placeholders and markup still in it). */
  readonly text: string;
  /**
   * What tells this text apart from the same text elsewhere in the program (gettext's `msgctxt`,
   * an XLIFF unit's `resname`): part of its translation memory unit, so texts of two contexts
   * never answer for each other.
   */
  readonly context?: string;
  /**
   * Set when the format cannot keep this text's markup intact through a translation: the text is
   * written as typed, never sent, and named to the user with this reason.
   */
  readonly keep?: string;
}

export interface RebuildContext {
  /** The target language code. */
  readonly target: string;
  /** The source language code, when given. */
  readonly source?: string | undefined;
  /** The translated file as it is now (the last run's output, with any hand edits), if any. */
  readonly previous?: string | undefined;
}

export interface FileFormat {
  /** Its name in messages ("Markdown", "SRT subtitles"). */
  readonly label: string;
  /** The units to translate, in file order. Throws FileFormatError for a file it cannot read. */
  units(source: string): FileUnit[];
  /** The translations a translated file holds, by unit key (a unit not translated there is absent). */
  translations(target: string): Map<string, string>;
  /** The translated file: the source with each unit's text replaced by `translate(key, text)`. */
  rebuild(source: string, translate: (key: string, text: string) => string, context: RebuildContext): string;
  /** A sticky pattern of what stays as typed inside a unit's text (markup, code, link targets). */
  readonly protect?: RegExp;
  /** The pattern for one file when it depends on the file (Markdown keeps the reference links its definitions name); else `protect`. */
  protectIn?(source: string): RegExp;
  /** Applied to the model's answer (placeholders still masked) before it goes into the file, e.g. XML escaping. */
  escape?(translation: string): string;
  /** The translated file's name when it differs from the naming rule's (`messages.pot` gives a `.po`). */
  targetName?(name: string): string;
  /** The source language the file states inside (a PO header's `Language:`), as written. */
  statedLanguage?(source: string): string | undefined;
}

export class FileFormatError extends Error {
  override readonly name = 'FileFormatError';
}

/** What stays as typed in the texts of one file of `format`. */
export function protectionIn(format: Pick<FileFormat, 'protect' | 'protectIn'>, source: string): RegExp | undefined {
  return format.protectIn?.(source) ?? format.protect;
}

/** A unit that is a range of the source file, replaced in place. */
export interface RangedUnit extends FileUnit {
  readonly start: number;
  readonly end: number;
  /** The translation as it is written into the file (quoting, escaping, line wrapping). */
  readonly write?: (translation: string) => string;
}

/** A line of a file with its offsets (`end` before the line break). */
export interface Line {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export function splitLines(source: string): Line[] {
  const lines: Line[] = [];
  const pattern = /\r\n|\n|\r/g;
  let start = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    lines.push({ text: source.slice(start, match.index), start, end: match.index });
    start = match.index + match[0].length;
  }
  if (start < source.length) lines.push({ text: source.slice(start), start, end: source.length });
  return lines;
}

/** The file's line break. */
export function lineBreak(source: string): '\r\n' | '\n' {
  return source.includes('\r\n') ? '\r\n' : '\n';
}

/** Keys made unique by their occurrence: the second `00:01 --> 00:02` cue is `...#2`. */
export class KeyCounter {
  readonly #seen = new Map<string, number>();
  next(base: string): string {
    const count = (this.#seen.get(base) ?? 0) + 1;
    this.#seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  }
}

/** A format whose units are ranges of the file, replaced in place (Markdown, subtitles, YAML). */
export function rangedFormat(
  label: string,
  parse: (source: string) => RangedUnit[],
  extra: Pick<FileFormat, 'protect' | 'protectIn' | 'escape' | 'statedLanguage'> & {
    readonly finish?: (output: string, context: RebuildContext) => string;
  } = {},
): FileFormat {
  return {
    label,
    ...(extra.protect ? { protect: extra.protect } : {}),
    ...(extra.protectIn ? { protectIn: extra.protectIn } : {}),
    ...(extra.escape ? { escape: extra.escape } : {}),
    ...(extra.statedLanguage ? { statedLanguage: extra.statedLanguage } : {}),
    units: (source) =>
      parse(source).map(({ key, text, keep, context }) => ({
        key,
        text,
        ...(keep === undefined ? {} : { keep }),
        ...(context === undefined ? {} : { context }),
      })),
    translations: (target) => new Map(parse(target).map((unit) => [unit.key, unit.text])),
    rebuild(source, translate, context) {
      let output = '';
      let at = 0;
      for (const unit of parse(source)) {
        const translated = translate(unit.key, unit.text);
        output += source.slice(at, unit.start) + (unit.write ? unit.write(translated) : translated);
        at = unit.end;
      }
      output += source.slice(at);
      return extra.finish ? extra.finish(output, context) : output;
    },
  };
}
