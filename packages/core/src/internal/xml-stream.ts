/**
 * A streaming XML tokenizer, enough for TMX: start and end tags with attributes, text (entities
 * and character references decoded), CDATA; comments, processing instructions and the doctype
 * are passed over. It holds only the part of the input it has not finished (a tag, or an entity
 * cut by a chunk's end), hands text on as it comes, and reads each character a bounded number of
 * times: a file of any size is read in linear time and bounded memory, each text capped at
 * MAX_TEXT_CHARACTERS. Not a validating parser: well-formedness beyond what tokenizing needs is
 * not checked.
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

/** The most characters one text (a run of character data between two tags) may hold; more is refused, not held. */
export const MAX_TEXT_CHARACTERS = 1_000_000;

/** Longest entity reference there is (`&#x10FFFF;`): a text piece ending in an `&` closer than this to its end waits for its `;`. */
const LONGEST_ENTITY = 10;

/**
 * Splits input into events, reading each character a bounded number of times however the input
 * is cut into chunks: text is handed on as it comes (a piece per chunk, an unfinished entity
 * held back), and the search for the end of an unfinished tag, comment or CDATA section resumes
 * where it stopped. So a long text run costs what a short one does per character, where
 * rescanning it with every chunk cost time quadratic in its length (8 MB of one <seg> took
 * seconds). Text, CDATA and unfinished markup are each capped at `MAX_TEXT_CHARACTERS`.
 */
class Tokenizer {
  /** Input not yet made into events: an unfinished construct (or a held-back entity) and what followed. */
  #buffer = '';
  /** Where the search for the end of the unfinished construct at the buffer's start goes on. */
  #scan = 0;
  /** Inside an unfinished tag: the quote open at `#scan`. */
  #quote = '';
  /** Characters of the current text run so far (since the last tag). */
  #text = 0;
  /** The event of the construct just read, if it has one. */
  #event: XmlEvent | undefined;

  *feed(chunk: string): Generator<XmlEvent> {
    this.#buffer += chunk;
    const at = yield* this.#events(false);
    // What is left starts with the unfinished construct, whose `#scan` counts from its start.
    this.#buffer = this.#buffer.slice(at);
    if (this.#buffer.length > MAX_TEXT_CHARACTERS) {
      throw new XmlSyntaxError(
        `A tag, comment or CDATA section runs on past ${MAX_TEXT_CHARACTERS.toLocaleString('en')} characters, the most this reader holds for one: ${JSON.stringify(this.#buffer.slice(0, 40))}`,
      );
    }
  }

  /** The events of what is left at the end of the input. */
  *end(): Generator<XmlEvent> {
    const at = yield* this.#events(true);
    const left = this.#buffer.slice(at);
    if (left.includes('<')) throw new XmlSyntaxError(`The document ends inside a tag: ${JSON.stringify(left.slice(0, 40))}`);
  }

  /** A piece of text, counted against the cap of its run. */
  #textEvent(raw: string, decoded: boolean): XmlEvent {
    const text = decoded ? raw : decodeEntities(raw);
    this.#text += text.length;
    if (this.#text > MAX_TEXT_CHARACTERS) {
      throw new XmlSyntaxError(
        `A text runs on past ${MAX_TEXT_CHARACTERS.toLocaleString('en')} characters, the most this reader holds for one text`,
      );
    }
    return { kind: 'text', text };
  }

  /** Events from the buffer's start; returns the index of the first character not yet used. */
  *#events(final: boolean): Generator<XmlEvent, number> {
    const buffer = this.#buffer;
    let at = 0;
    while (at < buffer.length) {
      if (buffer.charCodeAt(at) !== LT) {
        const lt = buffer.indexOf('<', at);
        let end = lt === -1 ? buffer.length : lt;
        if (lt === -1 && !final) {
          // An entity cut by the chunk's end waits for the rest of it.
          const amp = buffer.lastIndexOf('&', end - 1);
          if (amp >= at && end - amp < LONGEST_ENTITY && !buffer.includes(';', amp)) end = amp;
        }
        if (end > at) yield this.#textEvent(buffer.slice(at, end), false);
        at = end;
        if (lt === -1) return at;
        continue;
      }
      const next = buffer.charCodeAt(at + 1);
      const end = next === BANG || next === QUESTION || Number.isNaN(next) ? this.#declarationEnd(buffer, at) : this.#tagEnd(buffer, at);
      if (end === -1) return at;
      if (this.#event !== undefined) yield this.#event;
      this.#event = undefined;
      this.#scan = 0;
      this.#quote = '';
      at = end;
    }
    return at;
  }

  /** The end of the tag at `lt` (the index after its `>`, outside quotes; its event in `#event`); -1 while unfinished. */
  #tagEnd(buffer: string, lt: number): number {
    let quote = this.#quote;
    for (let i = lt + Math.max(1, this.#scan); i < buffer.length; i++) {
      const char = buffer[i];
      if (quote !== '') {
        if (char === quote) quote = '';
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '>') {
        this.#text = 0;
        this.#event = parseTag(buffer.slice(lt + 1, i).trim());
        return i + 1;
      }
    }
    this.#quote = quote;
    this.#scan = buffer.length - lt;
    return -1;
  }

  /** The end of the comment, CDATA section, processing instruction or doctype at `lt` (CDATA's text in `#event`); -1 while unfinished. */
  #declarationEnd(buffer: string, lt: number): number {
    const head = buffer.slice(lt, lt + 9);
    // Too little read to tell a comment or CDATA section from a doctype.
    if (head.length < 9 && !head.startsWith('<!--') && ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head))) return -1;
    /** Where the search for `terminator` goes on: past the opening, and past what earlier chunks showed. */
    const search = (terminator: string, opening: number) => {
      const end = buffer.indexOf(terminator, lt + Math.max(opening, this.#scan - terminator.length + 1));
      if (end === -1) this.#scan = buffer.length - lt;
      return end;
    };
    if (head.startsWith('<!--')) {
      const end = search('-->', 4);
      return end === -1 ? -1 : end + 3;
    }
    if (head.startsWith('<![CDATA[')) {
      const end = search(']]>', 9);
      if (end === -1) return -1;
      this.#event = this.#textEvent(buffer.slice(lt + 9, end), true);
      return end + 3;
    }
    if (head.startsWith('<?')) {
      const end = search('?>', 2);
      return end === -1 ? -1 : end + 2;
    }
    // A doctype, with an internal subset in brackets when it has one (one per document: searched again whole).
    const bracket = buffer.indexOf('[', lt);
    const close = buffer.indexOf('>', lt);
    const end = bracket !== -1 && (close === -1 || bracket < close) ? buffer.indexOf(']>', bracket) : close;
    return end === -1 ? -1 : end + (buffer[end] === ']' ? 2 : 1);
  }
}

const LT = '<'.charCodeAt(0);
const BANG = '!'.charCodeAt(0);
const QUESTION = '?'.charCodeAt(0);

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
  const tokenizer = new Tokenizer();
  for await (const chunk of chunks) {
    yield* tokenizer.feed(typeof chunk === 'string' ? chunk : decode((decoder ??= decoderFor(chunk)), chunk));
  }
  if (decoder !== undefined) yield* tokenizer.feed(decode(decoder));
  yield* tokenizer.end();
}
