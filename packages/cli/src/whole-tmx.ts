/**
 * readTmx reads a note, a JSON file or a TMX cut between two units as a document with no units (or
 * with the units before the cut) and no error: it tokenizes, it does not validate. An import must
 * refuse those rather than report "0 units" or a partial success, so the bytes are passed through
 * and the document checked to be one `<tmx>` element from start to end (as core's TMX file store
 * checks the workspace memory file).
 */
import { TmxSyntaxError } from '@circassian/core';

/** How much of each end of the file is kept to find the root element's start and end tags. */
const EDGE = 4096;

/** Latin-1 text of a buffer without zero bytes, so a UTF-16 file's markup reads as ASCII. */
function markup(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/\0/gu, '');
}

/** The chunks as they come; at the end, a TmxSyntaxError when they are not one `<tmx>` element. */
export async function* wholeTmx(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  for await (const chunk of chunks) {
    if (head.length < EDGE) head = Buffer.concat([head, chunk]).subarray(0, EDGE);
    tail = Buffer.concat([tail, chunk]).subarray(-EDGE);
    yield chunk;
  }
  if (!/^(?:\uFEFF|\xEF\xBB\xBF|\xFF\xFE|\xFE\xFF)?\s*(?:<\?[^]*?\?>\s*|<!--[^]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<tmx[\s>]/u.test(markup(head)))
    throw new TmxSyntaxError('the file does not start with a <tmx> element');
  if (!/<\/tmx\s*>\s*(?:<!--[^]*?-->\s*)*$/u.test(markup(tail)))
    throw new TmxSyntaxError('the file does not end with </tmx>: it is cut short');
}
