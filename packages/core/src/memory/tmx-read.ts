/**
 * Reads TMX (1.4b, and what other tools write of 1.1 to 1.4) unit by unit, in memory bounded by
 * one `<tu>`: an import of any size is a stream of units.
 *
 * Tolerant where others differ from what we write:
 * - the source of a `<tu>` is its `srclang`, else the header's (unless `*all*`), else its first `<tuv>`;
 * - languages are matched by their primary subtag (`ru-RU`, `kbd-Cyrl`, `EN` are ru, kbd, en), from
 *   `xml:lang` or TMX 1.1's `lang`; a `<tu>` with several targets gives one unit per supported target;
 * - `<hi>` (highlighted text) inside `<seg>` keeps its text; a `<seg>` with code or placeholders
 *   (`<bpt>`, `<ept>`, `<it>`, `<ph>`, `<ut>`, `<sub>`) skips its unit, since the memory stores and
 *   the service takes plain text: keeping the code's text would put markup into translations and
 *   dropping it would join the words around a placeholder;
 * - a unit without `x-circassian-origin` is `human` (CAT tools' memories hold translators' work);
 * - provenance as writeTmx writes it: `creationid`/`changeid` are the creator and changer,
 *   `x-circassian-where` and `x-circassian-context` are read as they are (not trimmed: a context is
 *   an identity), `x-circassian-status` `suggestion` makes a suggestion (one without `creationid`
 *   is skipped: a suggestion is only ever its creator's);
 * - an unreadable date is left out (the unit is dated at import).
 * Skipped units are reported as items of their own, with the reason, so an import can say what it left.
 *
 * Strict where a wrong file would otherwise pass as an empty one: a document whose root is not
 * `<tmx>` (a note, an HTML page, JSON) or that ends before `</tmx>` (cut short) throws
 * TmxSyntaxError, at its start or at its end. Units are yielded as they are read, so a caller that
 * must store all or nothing reads the file through once before storing.
 */
import { isTranslationLanguage, type TranslationLanguage } from '../service-facts.js';
import { XmlSyntaxError, xmlEvents, type XmlEvent } from '../internal/xml-stream.js';
import { fromTmxDate } from './tmx-dates.js';
import { TMX_PROPS, TMX_SUGGESTION_STATUS } from './tmx-write.js';
import { MEMORY_ORIGINS, type MemoryOrigin, type MemoryUnitInput } from './types.js';

export type TmxReadItem =
  | { readonly kind: 'unit'; readonly unit: MemoryUnitInput }
  | {
      readonly kind: 'skipped';
      /** 1-based position of the `<tu>` in the file. */
      readonly tu: number;
      readonly reason: 'inline-code' | 'language' | 'origin' | 'status' | 'empty' | 'no-target';
      readonly detail: string;
    };

const INLINE_CODE = new Set(['bpt', 'ept', 'it', 'ph', 'ut', 'sub']);

interface Tuv {
  lang: string;
  seg: string;
}

interface OpenTu {
  readonly attributes: Readonly<Record<string, string>>;
  readonly props: Map<string, string>;
  readonly tuvs: Tuv[];
  inlineCode: string | undefined;
}

function primaryLanguage(tag: string | undefined): string {
  return (tag ?? '').split(/[-_]/u)[0]?.toLowerCase() ?? '';
}

function supported(tag: string): TranslationLanguage | undefined {
  const lang = primaryLanguage(tag);
  return isTranslationLanguage(lang) ? lang : undefined;
}

function* unitsOf(tu: OpenTu, index: number, headerSource: string | undefined): Generator<TmxReadItem> {
  const skip = (reason: Extract<TmxReadItem, { kind: 'skipped' }>['reason'], detail: string): TmxReadItem => ({
    kind: 'skipped',
    tu: index,
    reason,
    detail,
  });
  if (tu.inlineCode !== undefined) return yield skip('inline-code', `<${tu.inlineCode}> inside <seg>`);
  const sourceTag = primaryLanguage(tu.attributes['srclang'] ?? headerSource) || primaryLanguage(tu.tuvs[0]?.lang);
  const sourceTuv = tu.tuvs.find((tuv) => primaryLanguage(tuv.lang) === sourceTag);
  const sourceLang = supported(sourceTag);
  if (sourceLang === undefined || sourceTuv === undefined) return yield skip('language', `source language "${sourceTag}"`);
  const originProp = tu.props.get(TMX_PROPS.origin)?.trim() ?? 'human';
  if (!(MEMORY_ORIGINS as readonly string[]).includes(originProp)) return yield skip('origin', `${TMX_PROPS.origin} "${originProp}"`);
  const origin = originProp as MemoryOrigin;
  const status = tu.props.get(TMX_PROPS.status)?.trim();
  if (status !== undefined && status !== TMX_SUGGESTION_STATUS) return yield skip('status', `${TMX_PROPS.status} "${status}"`);
  const creator = tu.attributes['creationid'];
  if (status !== undefined && !creator) return yield skip('status', 'a suggestion without creationid (whose is it?)');
  if (sourceTuv.seg.trim() === '') return yield skip('empty', 'empty source segment');
  const created = fromTmxDate(tu.attributes['creationdate']);
  const changed = fromTmxDate(tu.attributes['changedate']);
  const changer = tu.attributes['changeid'];
  const where = tu.props.get(TMX_PROPS.where);
  const context = tu.props.get(TMX_PROPS.context);
  const usageCount = Number.parseInt(tu.attributes['usagecount'] ?? '0', 10);
  let targets = 0;
  for (const tuv of tu.tuvs) {
    const targetLang = supported(tuv.lang);
    if (tuv === sourceTuv || targetLang === undefined || targetLang === sourceLang || tuv.seg.trim() === '') continue;
    targets++;
    yield {
      kind: 'unit',
      unit: {
        sourceLang,
        targetLang,
        source: sourceTuv.seg,
        target: tuv.seg,
        origin,
        ...(created !== undefined ? { created } : {}),
        ...(changed !== undefined ? { changed } : {}),
        ...(creator !== undefined ? { creator } : {}),
        ...(changer !== undefined ? { changer } : {}),
        ...(where !== undefined ? { where } : {}),
        ...(context !== undefined ? { context } : {}),
        ...(status !== undefined ? { suggestion: true } : {}),
        ...(Number.isInteger(usageCount) && usageCount > 0 ? { usageCount } : {}),
      },
    };
  }
  if (targets === 0) yield skip('no-target', `no translation into ${tu.tuvs.map((tuv) => tuv.lang).join(', ') || 'any language'} we take`);
}

/** The units of a TMX document read from chunks of text or bytes, and the units it skipped, in file order. */
export async function* readTmx(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<TmxReadItem> {
  let headerSource: string | undefined;
  let tu: OpenTu | undefined;
  let tuCount = 0;
  let tuv: Tuv | undefined;
  // What text goes into: the open <seg>, the open <prop> (by type), or nothing.
  let segDepth = 0;
  let prop: { type: string; text: string } | undefined;
  // Element depth, and whether the <tmx> root was opened and closed.
  let depth = 0;
  let root: 'none' | 'open' | 'closed' = 'none';
  for await (const event of xmlEvents(chunks) as AsyncIterable<XmlEvent>) {
    if (depth === 0 && (event.kind === 'open' || (event.kind === 'text' && event.text.trim() !== ''))) {
      if (root === 'closed') throw new XmlSyntaxError('the document goes on after </tmx>');
      if (event.kind !== 'open' || event.name !== 'tmx')
        throw new XmlSyntaxError(
          `the document is not TMX: it starts with ${event.kind === 'open' ? `<${event.name}>` : 'text'}, not <tmx>`,
        );
      root = event.selfClosing ? 'closed' : 'open';
    }
    if (event.kind === 'open' && !event.selfClosing) depth++;
    if (event.kind === 'close' && --depth === 0) root = 'closed';
    if (event.kind === 'text') {
      if (tuv !== undefined && segDepth > 0) tuv.seg += event.text;
      else if (prop !== undefined) prop.text += event.text;
      continue;
    }
    if (event.kind === 'open') {
      const { name, attributes, selfClosing } = event;
      if (segDepth > 0) {
        if (INLINE_CODE.has(name) && tu !== undefined) tu.inlineCode ??= name;
        if (!selfClosing) segDepth++;
      } else if (name === 'header') {
        const srclang = attributes['srclang'];
        headerSource = srclang === undefined || srclang === '*all*' ? undefined : srclang;
      } else if (name === 'tu' && !selfClosing) {
        tuCount++;
        tu = { attributes, props: new Map(), tuvs: [], inlineCode: undefined };
      } else if (name === 'prop' && tu !== undefined && tuv === undefined && !selfClosing) {
        prop = { type: attributes['type'] ?? '', text: '' };
      } else if (name === 'tuv' && tu !== undefined && !selfClosing) {
        tuv = { lang: attributes['xml:lang'] ?? attributes['lang'] ?? '', seg: '' };
      } else if (name === 'seg' && tuv !== undefined && !selfClosing) {
        segDepth = 1;
      }
      continue;
    }
    if (segDepth > 0) {
      segDepth--;
    } else if (event.name === 'prop' && prop !== undefined) {
      // As written: a context is an identity, so its spaces count (the origin and status are trimmed where read).
      tu?.props.set(prop.type, prop.text);
      prop = undefined;
    } else if (event.name === 'tuv' && tuv !== undefined) {
      tu?.tuvs.push(tuv);
      tuv = undefined;
    } else if (event.name === 'tu' && tu !== undefined) {
      yield* unitsOf(tu, tuCount, headerSource);
      tu = undefined;
    }
  }
  if (root === 'none') throw new XmlSyntaxError('the document has no <tmx> element');
  if (root === 'open') throw new XmlSyntaxError('the document is cut short: it ends before </tmx>');
}
