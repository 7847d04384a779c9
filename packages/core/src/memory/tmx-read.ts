/**
 * Reads TMX (1.4b, and what other tools write of 1.1 to 1.4) unit by unit, in memory bounded by
 * one `<tu>`: an import of any size is a stream of units.
 *
 * Tolerant where others differ from what we write:
 * - the source of a `<tu>` is its `srclang`, else the header's (unless `*all*`), else its first `<tuv>`:
 *   a unit whose `srclang` differs from the header's is read in its own source language;
 * - languages are matched by their primary subtag (`ru-RU`, `kbd-RU`, `kbd-Cyrl`, `EN` are ru, kbd,
 *   en), from `xml:lang` or TMX 1.1's `lang`; a `<tu>` with several targets gives one unit per
 *   supported target, and each target it leaves out (a language the service does not translate,
 *   an empty segment) is reported;
 * - inline codes (level 2: `<ph>`, `<bpt>`/`<ept>`, `<it>`, `<ut>`, with `<sub>` inside them) become
 *   text again as tmx-seg-read.ts says: their own text in our files and for placeholders, our
 *   markers for the rest; `<hi>` keeps its text;
 * - a unit without `x-circassian-origin` is `human` (CAT tools' memories hold translators' work);
 * - provenance as writeTmx writes it: `creationid`/`changeid` are the creator and changer,
 *   `x-circassian-where` and `x-circassian-context` are read as they are (not trimmed: a context is
 *   an identity), `x-circassian-status` `suggestion` makes a suggestion (one without `creationid`
 *   is skipped: a suggestion is only ever its creator's); dates and people a tool writes on the
 *   target `<tuv>` (OmegaT) are read where the `<tu>` has none;
 * - an unreadable date is left out (the unit is dated at import).
 * Skipped units are reported as items of their own, with the reason, so an import can say what it left.
 *
 * Strict where a wrong file would otherwise pass as an empty one: a document whose root is not
 * `<tmx>` (a note, an HTML page, JSON) or that ends before `</tmx>` (cut short) throws
 * TmxSyntaxError, at its start or at its end. Units are yielded as they are read, so a caller that
 * must store all or nothing reads the file through once before storing.
 */
import { isTranslationLanguage, type TranslationLanguage } from '../service-facts.js';
import { MAX_TEXT_CHARACTERS, XmlSyntaxError, xmlEvents, type XmlEvent } from '../internal/xml-stream.js';
import { fromTmxDate } from './tmx-dates.js';
import { segTexts, type InlineCode, type SegPiece } from './tmx-seg-read.js';
import { TMX_OWN_FORMAT, TMX_PROPS, TMX_SUGGESTION_STATUS } from './tmx-write.js';
import { MEMORY_ORIGINS, type MemoryOrigin, type MemoryUnitInput } from './types.js';

export type TmxReadItem =
  | { readonly kind: 'unit'; readonly unit: MemoryUnitInput }
  | {
      readonly kind: 'skipped';
      /** 1-based position of the `<tu>` in the file. */
      readonly tu: number;
      readonly reason: 'language' | 'origin' | 'status' | 'empty' | 'no-target';
      readonly detail: string;
    };

/** TMX's inline codes; `<sub>` and `<hi>` are read through (their text belongs to the code or the segment around them). */
const INLINE_CODE = new Set(['bpt', 'ept', 'it', 'ph', 'ut']);

interface Tuv {
  readonly lang: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly pieces: SegPiece[];
  /** Characters held in the segment, codes included. */
  length: number;
}

interface OpenTu {
  readonly attributes: Readonly<Record<string, string>>;
  readonly props: Map<string, string>;
  readonly tuvs: Tuv[];
}

const isBlank = (tuv: Tuv) => tuv.pieces.every((piece) => (typeof piece === 'string' ? piece : piece.content).trim() === '');

function primaryLanguage(tag: string | undefined): string {
  return (tag ?? '').split(/[-_]/u)[0]?.toLowerCase() ?? '';
}

function supported(tag: string): TranslationLanguage | undefined {
  const lang = primaryLanguage(tag);
  return isTranslationLanguage(lang) ? lang : undefined;
}

function* unitsOf(tu: OpenTu, index: number, headerSource: string | undefined, ownFile: boolean): Generator<TmxReadItem> {
  const skip = (reason: Extract<TmxReadItem, { kind: 'skipped' }>['reason'], detail: string): TmxReadItem => ({
    kind: 'skipped',
    tu: index,
    reason,
    detail,
  });
  const srclang = tu.attributes['srclang'] === '*all*' ? undefined : tu.attributes['srclang'];
  const sourceTag = primaryLanguage(srclang ?? headerSource) || primaryLanguage(tu.tuvs[0]?.lang);
  const sourceTuv = tu.tuvs.find((tuv) => primaryLanguage(tuv.lang) === sourceTag);
  const sourceLang = supported(sourceTag);
  if (sourceLang === undefined) return yield skip('language', `source language "${sourceTag}", not one the service translates`);
  if (sourceTuv === undefined) return yield skip('language', `no <tuv> in its source language "${sourceTag}"`);
  const originProp = tu.props.get(TMX_PROPS.origin)?.trim() ?? 'human';
  if (!(MEMORY_ORIGINS as readonly string[]).includes(originProp)) return yield skip('origin', `${TMX_PROPS.origin} "${originProp}"`);
  const origin = originProp as MemoryOrigin;
  const status = tu.props.get(TMX_PROPS.status)?.trim();
  if (status !== undefined && status !== TMX_SUGGESTION_STATUS) return yield skip('status', `${TMX_PROPS.status} "${status}"`);
  if (status !== undefined && !tu.attributes['creationid']) return yield skip('status', 'a suggestion without creationid (whose is it?)');
  if (isBlank(sourceTuv)) return yield skip('empty', 'empty source segment');
  const where = tu.props.get(TMX_PROPS.where);
  const context = tu.props.get(TMX_PROPS.context);
  const usageCount = Number.parseInt(tu.attributes['usagecount'] ?? '0', 10);
  const targetTuvs: Array<{ tuv: Tuv; lang: TranslationLanguage }> = [];
  const leftOut: TmxReadItem[] = [];
  for (const tuv of tu.tuvs) {
    const targetLang = supported(tuv.lang);
    if (tuv === sourceTuv || targetLang === sourceLang) continue;
    if (targetLang === undefined) leftOut.push(skip('language', `target language "${tuv.lang}", not one the service translates`));
    else if (isBlank(tuv)) leftOut.push(skip('empty', `empty ${tuv.lang} segment`));
    else targetTuvs.push({ tuv, lang: targetLang });
  }
  if (targetTuvs.length === 0) {
    // Why each target was left out, or that there was none.
    if (leftOut.length > 0) return yield* leftOut;
    return yield skip('no-target', `no translation beside the ${sourceTuv.lang} source`);
  }
  const texts = segTexts(
    sourceTuv.pieces,
    targetTuvs.map(({ tuv }) => tuv.pieces),
    ownFile,
  );
  for (const [position, { tuv, lang: targetLang }] of targetTuvs.entries()) {
    // OmegaT dates and names the translation on its <tuv>: read there when the <tu> has none.
    const attribute = (name: string) => tu.attributes[name] ?? tuv.attributes[name];
    const created = fromTmxDate(attribute('creationdate'));
    const changed = fromTmxDate(attribute('changedate'));
    const creator = attribute('creationid');
    const changer = attribute('changeid');
    yield {
      kind: 'unit',
      unit: {
        sourceLang,
        targetLang,
        source: texts.source,
        target: texts.targets[position] ?? '',
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
  // A target left out beside ones read: the rest of the <tu> is in the memory, this part is not.
  yield* leftOut;
}

/** The units of a TMX document read from chunks of text or bytes, and the units it skipped, in file order. */
export async function* readTmx(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<TmxReadItem> {
  let headerSource: string | undefined;
  let ownFile = false;
  let tu: OpenTu | undefined;
  let tuCount = 0;
  let tuv: Tuv | undefined;
  // What text goes into: the open <seg> (or an inline code in it), the open <prop> (by type), or nothing.
  let segDepth = 0;
  let code: InlineCode | undefined;
  let codeDepth = 0;
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
      let held: number;
      if (tuv !== undefined && segDepth > 0) {
        if (code !== undefined) code.content += event.text;
        else if (typeof tuv.pieces[tuv.pieces.length - 1] === 'string') tuv.pieces[tuv.pieces.length - 1] += event.text;
        else tuv.pieces.push(event.text);
        held = tuv.length += event.text.length;
      } else if (prop !== undefined) held = (prop.text += event.text).length;
      else continue;
      // The tokenizer caps each run of text; a <seg> of many runs (around <hi> and codes) is capped here.
      if (held > MAX_TEXT_CHARACTERS) {
        throw new XmlSyntaxError(
          `<tu> ${tuCount} holds a text of more than ${MAX_TEXT_CHARACTERS.toLocaleString('en')} characters, the most the memory reads for one text`,
        );
      }
      continue;
    }
    if (event.kind === 'open') {
      const { name, attributes, selfClosing } = event;
      if (code !== undefined) {
        if (!selfClosing) codeDepth++;
      } else if (segDepth > 0) {
        if (INLINE_CODE.has(name) && tuv !== undefined) {
          const opened: InlineCode = { name, attributes, content: '' };
          tuv.pieces.push(opened);
          if (!selfClosing) [code, codeDepth] = [opened, 1];
        } else if (!selfClosing) segDepth++;
      } else if (name === 'header') {
        const srclang = attributes['srclang'];
        headerSource = srclang === undefined || srclang === '*all*' ? undefined : srclang;
        ownFile = attributes['o-tmf'] === TMX_OWN_FORMAT;
      } else if (name === 'tu' && !selfClosing) {
        tuCount++;
        tu = { attributes, props: new Map(), tuvs: [] };
      } else if (name === 'prop' && tu !== undefined && tuv === undefined && !selfClosing) {
        prop = { type: attributes['type'] ?? '', text: '' };
      } else if (name === 'tuv' && tu !== undefined && !selfClosing) {
        tuv = { lang: attributes['xml:lang'] ?? attributes['lang'] ?? '', attributes, pieces: [], length: 0 };
      } else if (name === 'seg' && tuv !== undefined && !selfClosing) {
        segDepth = 1;
      }
      continue;
    }
    if (code !== undefined) {
      if (--codeDepth === 0) code = undefined;
    } else if (segDepth > 0) {
      segDepth--;
    } else if (event.name === 'prop' && prop !== undefined) {
      // As written: a context is an identity, so its spaces count (the origin and status are trimmed where read).
      tu?.props.set(prop.type, prop.text);
      prop = undefined;
    } else if (event.name === 'tuv' && tuv !== undefined) {
      tu?.tuvs.push(tuv);
      tuv = undefined;
    } else if (event.name === 'tu' && tu !== undefined) {
      yield* unitsOf(tu, tuCount, headerSource, ownFile);
      tu = undefined;
    }
  }
  if (root === 'none') throw new XmlSyntaxError('the document has no <tmx> element');
  if (root === 'open') throw new XmlSyntaxError('the document is cut short: it ends before </tmx>');
}
