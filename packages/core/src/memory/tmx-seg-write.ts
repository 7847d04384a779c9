/**
 * A unit's two `<seg>`s in TMX 1.4b level 2: the inline codes tmx-codes.ts finds are written as
 * `<ph>` (standalone), `<bpt>`/`<ept>` (an open and close code both in the segment) and `<it>`
 * (one whose partner is outside it), each holding its text as the memory keeps it, escaped. The
 * source's codes are numbered `x` 1, 2, … in order; a target code that is the same text as a
 * source code takes that code's `x`, so a CAT tool pairs them; one the source lacks gets a number
 * after the source's. `i` pairs a `<bpt>` with its `<ept>` within a segment (the `<bpt>`'s `x`).
 */
import { findCodes, type Code, type CodePiece } from './tmx-codes.js';
import { escapeText } from './tmx-escape.js';

function element(code: Code, x: number, partnerX: number | undefined): string {
  const content = escapeText(code.text);
  if (code.role === 'standalone') return `<ph x="${x}">${content}</ph>`;
  if (code.partner === undefined) return `<it pos="${code.role === 'open' ? 'begin' : 'end'}" x="${x}">${content}</it>`;
  return code.role === 'open' ? `<bpt i="${x}" x="${x}">${content}</bpt>` : `<ept i="${partnerX ?? x}">${content}</ept>`;
}

function write(pieces: readonly CodePiece[], numberOf: (code: Code, index: number) => number): string {
  const numbers = new Map<number, number>();
  return pieces
    .map((piece, index) => {
      if (piece.kind === 'text') return escapeText(piece.text);
      // A paired close is numbered by its open (`<ept>` has no `x`).
      const partnerX = piece.partner === undefined ? undefined : numbers.get(piece.partner);
      const x = piece.role === 'close' && partnerX !== undefined ? partnerX : numberOf(piece, index);
      numbers.set(index, x);
      return element(piece, x, partnerX);
    })
    .join('');
}

/** The `<seg>` contents of a source text and its translation, inline codes numbered across both. */
export function writeSegs(source: string, target: string): { readonly source: string; readonly target: string } {
  const sourcePieces = findCodes(source);
  const sourceCodes: Array<{ code: Code; x: number; used: boolean }> = [];
  let next = 0;
  const sourceXml = write(sourcePieces, (code) => {
    sourceCodes.push({ code, x: ++next, used: false });
    return next;
  });
  const targetXml = write(findCodes(target), (code) => {
    const same = sourceCodes.find((candidate) => !candidate.used && candidate.code.text === code.text && candidate.code.role === code.role);
    if (same === undefined) return ++next;
    same.used = true;
    return same.x;
  });
  return { source: sourceXml, target: targetXml };
}
