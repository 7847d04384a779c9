/**
 * The memory texts of a `<tu>`'s segments with inline codes (`<ph>`, `<bpt>`/`<ept>`, `<it>`,
 * `<ut>`), one rule for source and targets:
 *
 * - in a file this package wrote (header `o-tmf="circassian"`), a code holds the text the memory
 *   kept (a placeholder, a tag, one of our markers): it is put back as it was, so our export read
 *   back gives the same units, byte for byte;
 * - in another tool's file, a code holding one placeholder as apps write it (`{name}`, `%s`,
 *   `${x}`, an ICU argument, a URL, an e-mail address) keeps that text: the hosts keep those as
 *   typed, so recall matches and the translation holds the same placeholder; every other code (a
 *   tag, a tool's own shortcut like OmegaT's `<f0>`, RTF, an empty code) becomes one of our
 *   markers (inline-markers.ts): a `<bpt>`…`<ept>` pair `<xN>`…`</xN>`, anything else `<xN/>`,
 *   numbered in the source's order, so a host that marks the same markup recalls the unit and puts
 *   its own markup back. A target's code takes the number of the source code with its `x` (else
 *   the same element and text, else a number of its own).
 */
import { highestMarker } from '../text/inline-markers.js';
import { findCodes } from './tmx-codes.js';

export interface InlineCode {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** The code's text (what `<sub>`s inside it hold included). */
  content: string;
}

export type SegPiece = string | InlineCode;

/** Whether another tool's code is kept as its text: exactly one placeholder that is not markup. */
function placeholderText(content: string): boolean {
  const [only, ...rest] = findCodes(content);
  return rest.length === 0 && only?.kind === 'code' && !only.tag;
}

interface Numbered {
  readonly code: InlineCode;
  readonly number: number;
  used: boolean;
}

/** The codes of a segment that become markers, each with its place: around words (bpt/ept paired by `i`) or wordless. */
function shapes(pieces: readonly SegPiece[], asText: (code: InlineCode) => boolean): Map<InlineCode, 'open' | 'close' | 'wordless'> {
  const shape = new Map<InlineCode, 'open' | 'close' | 'wordless'>();
  const codes = pieces.filter((piece): piece is InlineCode => typeof piece !== 'string' && !asText(piece));
  for (const code of codes) {
    const partner =
      code.name === 'bpt'
        ? codes.find((other) => other.name === 'ept' && other.attributes['i'] === code.attributes['i'])
        : code.name === 'ept'
          ? codes.find((other) => other.name === 'bpt' && other.attributes['i'] === code.attributes['i'])
          : undefined;
    const ordered = partner !== undefined && codes.indexOf(code) < codes.indexOf(partner) === (code.name === 'bpt');
    shape.set(code, !ordered ? 'wordless' : code.name === 'bpt' ? 'open' : 'close');
  }
  return shape;
}

/** The source's and each target's memory text. */
export function segTexts(
  source: readonly SegPiece[],
  targets: ReadonlyArray<readonly SegPiece[]>,
  ownFile: boolean,
): { readonly source: string; readonly targets: readonly string[] } {
  const plainOnly = (pieces: readonly SegPiece[]) => pieces.every((piece) => typeof piece === 'string');
  if (plainOnly(source) && targets.every(plainOnly)) return { source: source.join(''), targets: targets.map((pieces) => pieces.join('')) };
  const asText = (code: InlineCode) => (ownFile ? code.content !== '' : placeholderText(code.content));
  const plain = [source, ...targets].flatMap((pieces) => pieces.map((piece) => (typeof piece === 'string' ? piece : piece.content)));
  // Numbers above any marker-like text already in the segments, so a new marker never repeats one.
  let next = highestMarker(plain.join(' '));
  const numbered: Numbered[] = [];

  const text = (pieces: readonly SegPiece[], numberOf: (code: InlineCode, opens: Map<string, number>) => number): string => {
    const shape = shapes(pieces, asText);
    const opens = new Map<string, number>();
    return pieces
      .map((piece) => {
        if (typeof piece === 'string') return piece;
        const place = shape.get(piece);
        if (place === undefined) return piece.content;
        if (place === 'close') return `</x${opens.get(piece.attributes['i'] ?? '') ?? ++next}>`;
        const number = numberOf(piece, opens);
        if (place === 'open') opens.set(piece.attributes['i'] ?? '', number);
        return place === 'open' ? `<x${number}>` : `<x${number}/>`;
      })
      .join('');
  };

  const sourceText = text(source, (code) => {
    numbered.push({ code, number: ++next, used: false });
    return next;
  });
  const targetTexts = targets.map((pieces) => {
    for (const entry of numbered) entry.used = false;
    return text(pieces, (code) => {
      const x = code.attributes['x'];
      const same =
        numbered.find((entry) => !entry.used && x !== undefined && entry.code.attributes['x'] === x) ??
        numbered.find((entry) => !entry.used && entry.code.name === code.name && entry.code.content === code.content);
      if (same === undefined) return ++next;
      same.used = true;
      return same.number;
    });
  });
  return { source: sourceText, targets: targetTexts };
}
