/**
 * Writes a memory as TMX 1.4b level 2, unit by unit (a generator of text chunks: pipe it to a file,
 * a response, a download). One `<tu>` per unit, two `<tuv>`s (source first); inline codes (markers,
 * placeholders, tags, URLs: tmx-codes.ts) as `<ph>`, `<bpt>`/`<ept>` and `<it>` (tmx-seg-write.ts). Provenance: dates as
 * `creationdate`/`changedate`, people as `creationid`/`changeid`, uses as `usagecount`, and
 * `<prop>`s for what TMX has no attribute for: the origin, where the unit was made, its context,
 * and `x-circassian-status` `suggestion` for a suggestion. Every attribute and prop is escaped.
 * The header carries no date, so the same units always give the same bytes.
 */
import { toTmxDate } from './tmx-dates.js';
import { escapeAttribute, escapeText } from './tmx-escape.js';
import { writeSegs } from './tmx-seg-write.js';
import type { MemoryOrigin, MemoryUnit } from './types.js';

/** The `<prop type>`s this package writes and reads. */
export const TMX_PROPS = {
  origin: 'x-circassian-origin',
  where: 'x-circassian-where',
  context: 'x-circassian-context',
  /** `suggestion` for a suggestion; absent for every other unit. */
  status: 'x-circassian-status',
} as const;

export const TMX_ORIGIN_PROP = TMX_PROPS.origin;

/** The header's `o-tmf` in a file this package wrote: its inline codes' texts are read back as they were written. */
export const TMX_OWN_FORMAT = 'circassian';

/** `x-circassian-status`'s value on a suggestion. */
export const TMX_SUGGESTION_STATUS = 'suggestion';

export interface TmxWriteOptions {
  /** Only units of this origin (e.g. `human`, to share corrections). */
  readonly origin?: MemoryOrigin;
  /** The header's `creationtool` (default `circassian`) and `creationtoolversion` (default `1`). */
  readonly tool?: { readonly name: string; readonly version: string };
  /** Told of each unit left out because XML 1.0 cannot carry one of its characters (a control character, a lone surrogate). */
  readonly onSkip?: (unit: MemoryUnit) => void;
}

// Characters XML 1.0 cannot carry even as references: C0 controls other than tab, LF and CR, lone surrogates, U+FFFE/U+FFFF.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding these characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

function prop(type: string, text: string | undefined): string {
  return text === undefined ? '' : `      <prop type="${type}">${escapeText(text)}</prop>\n`;
}

function tu(unit: MemoryUnit): string {
  const attributes = [
    `srclang="${escapeAttribute(unit.sourceLang)}"`,
    `creationdate="${toTmxDate(unit.created)}"`,
    ...(unit.changed !== undefined ? [`changedate="${toTmxDate(unit.changed)}"`] : []),
    ...(unit.creator !== undefined ? [`creationid="${escapeAttribute(unit.creator)}"`] : []),
    ...(unit.changer !== undefined ? [`changeid="${escapeAttribute(unit.changer)}"`] : []),
    ...(unit.usageCount > 0 ? [`usagecount="${unit.usageCount}"`] : []),
  ];
  const segs = writeSegs(unit.source, unit.target);
  return [
    `    <tu ${attributes.join(' ')}>\n`,
    prop(TMX_PROPS.origin, unit.origin),
    prop(TMX_PROPS.where, unit.where),
    prop(TMX_PROPS.context, unit.context),
    prop(TMX_PROPS.status, unit.suggestion ? TMX_SUGGESTION_STATUS : undefined),
    `      <tuv xml:lang="${escapeAttribute(unit.sourceLang)}"><seg>${segs.source}</seg></tuv>\n`,
    `      <tuv xml:lang="${escapeAttribute(unit.targetLang)}"><seg>${segs.target}</seg></tuv>\n`,
    `    </tu>\n`,
  ].join('');
}

/** Whether XML 1.0 can carry every text of the unit. */
function writable(unit: MemoryUnit): boolean {
  return [unit.source, unit.target, unit.creator, unit.changer, unit.where, unit.context].every(
    (text) => text === undefined || !NOT_XML.test(text),
  );
}

export async function* writeTmx(
  units: AsyncIterable<MemoryUnit> | Iterable<MemoryUnit>,
  options: TmxWriteOptions = {},
): AsyncGenerator<string> {
  const tool = options.tool ?? { name: 'circassian', version: '1' };
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n';
  // srclang="*all*": a memory holds several source languages; each <tu> names its own.
  yield `  <header creationtool="${escapeAttribute(tool.name)}" creationtoolversion="${escapeAttribute(tool.version)}" segtype="sentence" o-tmf="${TMX_OWN_FORMAT}" adminlang="en" srclang="*all*" datatype="plaintext"/>\n  <body>\n`;
  let chunk = '';
  for await (const unit of units) {
    if (options.origin !== undefined && unit.origin !== options.origin) continue;
    if (!writable(unit)) {
      options.onSkip?.(unit);
      continue;
    }
    chunk += tu(unit);
    // Chunks of ~64 KiB: few writes, little held.
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}  </body>\n</tmx>\n`;
}
