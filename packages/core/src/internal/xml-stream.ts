/**
 * A streaming XML tokenizer, enough for TMX: start and end tags with attributes, text (entities
 * and character references decoded), CDATA; comments, processing instructions and the doctype
 * are passed over. It holds only the part of the input it has not finished (a tag or a text
 * run), so a file of any size is read in memory bounded by its longest text. Not a validating
 * parser: well-formedness beyond what tokenizing needs is not checked.
 */

export type XmlEvent =
  | { readonly kind: 'open'; readonly name: string; readonly attributes: Readonly<Record<string, string>>; readonly selfClosing: boolean }
  | { readonly kind: 'close'; readonly name: string }
  | { readonly kind: 'text'; readonly text: string };

export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]*);?/gu, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new XmlSyntaxError(`An "&" not starting an entity: ${JSON.stringify(whole.slice(0, 12))}`);
    const named = NAMED_ENTITIES[name];
    if (named !== undefined) return named;
    const code = name.startsWith('#x')
      ? Number.parseInt(name.slice(2), 16)
      : name.startsWith('#')
        ? Number.parseInt(name.slice(1), 10)
        : NaN;
    if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) throw new XmlSyntaxError(`Unknown entity &${name};`);
    return String.fromCodePoint(code);
  });
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/gu;

function parseTag(inner: string): XmlEvent {
  if (inner.startsWith('/')) return { kind: 'close', name: inner.slice(1).trim() };
  const selfClosing = inner.endsWith('/');
  const body = selfClosing ? inner.slice(0, -1) : inner;
  const name = /^[^\s/>]+/u.exec(body)?.[0];
  if (name === undefined) throw new XmlSyntaxError(`A tag without a name: <${inner.slice(0, 40)}>`);
  const attributes: Record<string, string> = {};
  for (const match of body.slice(name.length).matchAll(ATTRIBUTE)) {
    attributes[match[1] ?? ''] = decodeEntities(match[2] ?? match[3] ?? '');
  }
  return { kind: 'open', name, attributes, selfClosing };
}

/** The end of the tag starting at `start` (the index of its `>`), quotes respected; -1 when not yet read. */
function tagEnd(buffer: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < buffer.length; i++) {
    const char = buffer[i];
    if (quote !== '') {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

/** Splits what is read so far into events; returns the index of the first character not yet used. */
function* tokenize(buffer: string): Generator<XmlEvent, number> {
  let at = 0;
  for (;;) {
    const lt = buffer.indexOf('<', at);
    if (lt === -1) return at;
    if (lt > at) yield { kind: 'text', text: decodeEntities(buffer.slice(at, lt)) };
    at = lt;
    if (buffer.startsWith('<!--', lt)) {
      const end = buffer.indexOf('-->', lt + 4);
      if (end === -1) return at;
      at = end + 3;
    } else if (buffer.startsWith('<![CDATA[', lt)) {
      const end = buffer.indexOf(']]>', lt + 9);
      if (end === -1) return at;
      yield { kind: 'text', text: buffer.slice(lt + 9, end) };
      at = end + 3;
    } else if (buffer.startsWith('<?', lt)) {
      const end = buffer.indexOf('?>', lt + 2);
      if (end === -1) return at;
      at = end + 2;
    } else if (buffer.startsWith('<!', lt)) {
      // A doctype, with an internal subset in brackets when it has one.
      const bracket = buffer.indexOf('[', lt);
      const close = buffer.indexOf('>', lt);
      const end = bracket !== -1 && (close === -1 || bracket < close) ? buffer.indexOf(']>', bracket) : close;
      if (end === -1) return at;
      at = end + (buffer[end] === ']' ? 2 : 1);
    } else {
      const end = tagEnd(buffer, lt);
      if (end === -1) return at;
      yield parseTag(buffer.slice(lt + 1, end).trim());
      at = end + 1;
    }
  }
}

type Decoder = InstanceType<typeof TextDecoder>;

function decoderFor(first: Uint8Array): Decoder {
  if (first[0] === 0xff && first[1] === 0xfe) return new TextDecoder('utf-16le');
  if (first[0] === 0xfe && first[1] === 0xff) return new TextDecoder('utf-16be');
  return new TextDecoder('utf-8', { fatal: true });
}

function decode(decoder: Decoder, chunk?: Uint8Array): string {
  try {
    return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
  } catch {
    throw new XmlSyntaxError(`The document is not ${decoder.encoding.toUpperCase()} text`);
  }
}

/** The events of an XML document read from chunks of text or bytes (UTF-8, or UTF-16 with a byte order mark). */
export async function* xmlEvents(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<XmlEvent> {
  let decoder: Decoder | undefined;
  let buffer = '';
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') buffer += chunk;
    else buffer += decode((decoder ??= decoderFor(chunk)), chunk);
    const rest = yield* tokenize(buffer);
    buffer = buffer.slice(rest);
  }
  if (decoder !== undefined) buffer += decode(decoder);
  const rest = yield* tokenize(buffer);
  const left = buffer.slice(rest);
  if (left.includes('<')) throw new XmlSyntaxError(`The document ends inside a tag: ${JSON.stringify(left.slice(0, 40))}`);
  if (left.trim() !== '') yield { kind: 'text', text: decodeEntities(left) };
}
