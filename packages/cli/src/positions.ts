/** 1-based line and column of offsets in a text, the way editors and compilers print them. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A function from UTF-16 offsets of `text` to positions; columns count characters (code points). */
export function positionsOf(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    // Binary search for the last line starting at or before the offset.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    const start = lineStarts[low] ?? 0;
    return { line: low + 1, column: [...text.slice(start, offset)].length + 1 };
  };
}
