// XLIFF 1.2 (`<trans-unit>`) and 2.0 (`<unit>` with `<segment>`s): each `<source>` is translated
// into its `<target>` (replaced when there is one, added after the source otherwise, on the
// source's indentation), and the file's target language attribute (`target-language` in 1.2,
// `trgLang` in 2.0) is set. Inline elements (`<g>`, `<x/>`, `<ph>`, `<pc>`, `<mrk>`, ...) and
// entities are kept as typed; what the model writes is XML-escaped before they are put back.
import { FileFormatError, type FileFormat, type FileUnit } from './format';
import { EMAIL, ENTITY, TAG, URL, protectPattern } from './protect';

const UNIT = /<(trans-unit|unit)\b([^>]*)>([\s\S]*?)<\/\1>/g;
const SEGMENT = /<segment\b[^>]*>([\s\S]*?)<\/segment>/g;
const SOURCE = /<source\b[^>]*>([\s\S]*?)<\/source>/;
const TARGET = /<target\b([^>]*)>([\s\S]*?)<\/target>|<target\b([^>]*)\/>/;

/** Inline codes whole, attributes and all (Angular's `dispStart="&lt;a>"` holds a `>`), entities, URLs. */
export const XML_PROTECT = protectPattern(TAG, ENTITY, URL, EMAIL);

interface Part {
  readonly key: string;
  /** The unit's `resname` (XLIFF 1.2's name for the resource a text belongs to), its memory context. */
  readonly context: string | undefined;
  readonly source: string;
  readonly target: string | undefined;
  /** Offset of the part's body (the trans-unit's or segment's content) in the file, and the body. */
  readonly at: number;
  readonly body: string;
}

function parts(file: string): Part[] {
  if (!/<xliff\b/.test(file)) throw new FileFormatError('no <xliff> element');
  const found: Part[] = [];
  for (const unit of file.matchAll(UNIT)) {
    const id = /\bid\s*=\s*"([^"]*)"/.exec(unit[2] ?? '')?.[1] ?? String(found.length);
    const context = /\bresname\s*=\s*"([^"]*)"/.exec(unit[2] ?? '')?.[1];
    const bodyAt = (unit.index ?? 0) + unit[0].indexOf('>') + 1;
    const body = unit[3] ?? '';
    const pieces =
      unit[1] === 'unit'
        ? [...body.matchAll(SEGMENT)].map((segment) => ({
            at: bodyAt + (segment.index ?? 0) + segment[0].indexOf('>') + 1,
            body: segment[1] ?? '',
          }))
        : [{ at: bodyAt, body }];
    pieces.forEach((piece, n) => {
      const source = SOURCE.exec(piece.body);
      if (!source) return;
      const target = TARGET.exec(piece.body);
      found.push({
        key: unit[1] === 'unit' ? `${id}/${n + 1}` : id,
        context,
        source: source[1] ?? '',
        target: target ? (target[2] ?? '') : undefined,
        ...piece,
      });
    });
  }
  return found;
}

function setLanguage(file: string, target: string): string {
  if (/<xliff\b[^>]*\bversion\s*=\s*"2/.test(file)) {
    return file.replace(/<xliff\b[^>]*>/, (tag) =>
      /\btrgLang\s*=/.test(tag)
        ? tag.replace(/\btrgLang\s*=\s*"[^"]*"/, `trgLang="${target}"`)
        : tag.replace(/\s*\/?>$/, (end) => ` trgLang="${target}"${end}`),
    );
  }
  return file.replace(/<file\b[^>]*>/g, (tag) =>
    /\btarget-language\s*=/.test(tag)
      ? tag.replace(/\btarget-language\s*=\s*"[^"]*"/, `target-language="${target}"`)
      : tag.replace(/\s*>$/, ` target-language="${target}">`),
  );
}

export const xliffFormat: FileFormat = {
  label: 'XLIFF',
  protect: XML_PROTECT,
  escape: (translation) => translation.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c),
  units: (source) =>
    parts(source).map((part): FileUnit => ({ key: part.key, text: part.source, ...(part.context ? { context: part.context } : {}) })),
  // 2.0 names it on <xliff>, 1.2 on each <file>.
  statedLanguage: (source) => /<(?:xliff|file)\b[^>]*?\b(?:srcLang|source-language)\s*=\s*"([^"]*)"/.exec(source)?.[1],
  translations: (target) =>
    new Map(
      parts(target).flatMap((part) => (part.target === undefined || part.target.trim() === '' ? [] : [[part.key, part.target] as const])),
    ),
  rebuild(source, translate, context) {
    let output = '';
    let at = 0;
    for (const part of parts(source)) {
      const translated = translate(part.key, part.source);
      const target = TARGET.exec(part.body);
      let body: string;
      if (target) {
        const attributes = target[1] ?? target[3] ?? '';
        body = part.body.replace(TARGET, () => `<target${attributes.replace(/\s*$/, '')}>${translated}</target>`);
      } else {
        const source = SOURCE.exec(part.body);
        const end = (source?.index ?? 0) + (source?.[0].length ?? 0);
        const indent = /\n([ \t]*)$/.exec(part.body.slice(0, source?.index ?? 0))?.[1];
        const lineBreak = part.body.includes('\r\n') ? '\r\n' : '\n';
        const separator = indent === undefined ? '' : `${lineBreak}${indent}`;
        body = `${part.body.slice(0, end)}${separator}<target>${translated}</target>${part.body.slice(end)}`;
      }
      output += source.slice(at, part.at) + body;
      at = part.at + part.body.length;
    }
    return setLanguage(output + source.slice(at), context.target);
  },
};
