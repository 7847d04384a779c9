// Which fields of an entry are translated, copied or skipped, and the values written for them.
// The walk through components and dynamic zones is Strapi's own (traverseEntity, as i18n's AI
// localizations walk a document); kept here is what no helper covers: the directive rules (a
// dotted path in the config, then the field's pluginOptions.circassian.translate, then its type),
// the segmentation of Markdown and blocks, component ids dropped (a target locale owns its own
// component rows), media written as ids, passwords never written, a translation fitted to its
// field's constraints. Top-level relations are left out: the caller links them in the target
// locale, as it makes uids from their translated field; relations inside components and dynamic
// zones are linked here, through the caller's linker, as i18n copies them with their component.
import { contentTypes, traverseEntity } from '@strapi/utils';
import type { Attribute, DocumentData, Schema } from '../strapi';
import type { FieldDirective } from '../config/schema';
import { mapBlocks } from './blocks';
import { mapMarkdown } from './markdown';
import { fitConstraints } from './constraints';
import type { FieldFlag } from '../../../shared/contracts/admin-api';

export type Translate = (text: string) => string;
export type ModelLookup = (uid: string) => Schema | undefined;
// The plugin's narrow Strapi types (../strapi) seen as @strapi/utils' own, which it does not export.
type Model = Parameters<typeof contentTypes.getVisibleAttributes>[0];
type Data = Parameters<typeof traverseEntity>[2];
const asModel = (schema: Schema | undefined) => schema as unknown as Model;

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'blocks']);

/** The default directive of a field by its type: text is translated, structure walked, the rest copied. */
export function defaultDirective(attribute: Attribute): FieldDirective {
  if (TEXT_TYPES.has(attribute.type) || attribute.type === 'component' || attribute.type === 'dynamiczone') return 'translate';
  if (attribute.type === 'uid' || attribute.type === 'relation') return 'translate';
  return attribute.type === 'password' ? 'skip' : 'copy';
}

/** A field's directive: configured by its dotted path, else its own pluginOptions, else by its type. */
const directiveOf = (attribute: Attribute, path: string, directives: Readonly<Record<string, FieldDirective>>): FieldDirective =>
  directives[path] ?? (attribute.pluginOptions?.circassian?.translate as FieldDirective | undefined) ?? defaultDirective(attribute);

export interface FieldPlan {
  readonly name: string;
  readonly attribute: Attribute;
  readonly directive: FieldDirective;
}

/** The localized fields of a content type with their directives; system fields (ids, timestamps, locale, creators) are not visible. */
export function planFields(schema: Schema, directives: Readonly<Record<string, FieldDirective>> = {}): FieldPlan[] {
  return (
    contentTypes
      .getVisibleAttributes(asModel(schema))
      .map((name) => ({ name, attribute: schema.attributes[name]! }))
      // Fields not localized are shared by all locales (i18n keeps them in step): nothing to do.
      .filter(({ attribute }) => attribute.pluginOptions?.i18n?.localized !== false)
      // The inverse side of a relation is another entry's save (it is linked from the owning side):
      // planned or hashed, it would show an entry nobody edited as outdated.
      .filter(({ attribute }) => !(attribute.type === 'relation' && attribute.mappedBy))
      .map(({ name, attribute }) => ({ name, attribute, directive: directiveOf(attribute, name, directives) }))
  );
}

export type { FieldFlag };

/** The documentIds a relation in the target locale links to (the related entries as i18n would link them). */
export type RelationLinker = (attribute: Attribute, documentIds: string[]) => Promise<string[]>;

export interface WalkOptions {
  readonly schema: Schema;
  readonly getModel: ModelLookup;
  readonly directives: Readonly<Record<string, FieldDirective>>;
  /** Links a translated relation inside a component; without it the source's documentIds are kept. */
  readonly linkRelation?: RelationLinker;
  /** Told of each text field fitted to its constraints, or kept partly as written (its markers lost). */
  readonly onFlag?: (flag: FieldFlag) => void;
}

const isToMany = (attribute: Attribute) => /ToMany|manyWay|morphMany/i.test(attribute.relation ?? '');

/** The documentIds of a relation's loaded value (one entry, a list, or nothing). */
export const relatedDocumentIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .map((entry: unknown) => (typeof entry === 'object' && entry !== null && 'documentId' in entry ? entry.documentId : entry))
    .filter((id): id is string => typeof id === 'string');

/** A relation's value as the Document Service writes it: a list for a to-many relation, else one documentId or null. */
export const relationValue = (attribute: Attribute, documentIds: string[]): string[] | string | null =>
  isToMany(attribute) ? documentIds : (documentIds[0] ?? null);

/** What a field whose markers did not come back is flagged with: some of its text stays as written. */
export const MARKERS_LOST =
  'some of its sentences came back from the service without their links or formatting, so those were kept untranslated';

/**
 * A text field's value with its prose through `translate`, or undefined for a field that is not
 * text; `onLost` is told when some of its sentences stay as written (their markers lost).
 */
function translatedText(value: unknown, type: string, translate: Translate, onLost: () => void): unknown {
  if (type === 'string' || type === 'text') return typeof value === 'string' && /\p{L}/u.test(value) ? translate(value) : value;
  if (type === 'richtext') return typeof value === 'string' ? mapMarkdown(value, translate, onLost) : value;
  return type === 'blocks' ? mapBlocks(value, translate, onLost) : undefined;
}

/** A translated text fitted to its field's constraints, the change told to `onFlag`. */
function fitted(attribute: Attribute, text: unknown, source: unknown, field: string, onFlag: WalkOptions['onFlag']): unknown {
  if (typeof text !== 'string' || typeof source !== 'string' || text === source) return text;
  const { value, reason, code, limit } = fitConstraints(attribute, text, source);
  if (reason && code) onFlag?.({ field, code, reason, ...(limit !== undefined ? { limit } : {}) });
  return value;
}

const mediaIds = (value: unknown): unknown => (Array.isArray(value) ? value.map(mediaId) : mediaId(value));
const mediaId = (file: unknown): unknown => (typeof file === 'object' && file !== null && 'id' in file ? file.id : file);

/**
 * Some fields of a document (their names as keys), as written to the target locale: `translate`
 * fields' prose through `translate` with their structure kept, `copy` fields (and, with
 * `copyAll`, every field) as they are. Inside a copied component everything is copied.
 */
async function walk(fields: DocumentData, options: WalkOptions, translate: Translate, copyAll: boolean): Promise<DocumentData> {
  // path.raw of the components copied as they are; `parent` is not used for this because
  // traverseEntity moves it along siblings (i18n's AI localizations mark subtrees the same way).
  const copied = new Set<string>();
  const insideCopy = (raw: string) => copyAll || [...copied].some((prefix) => raw.startsWith(`${prefix}.`));
  return traverseEntity(
    async ({ key, value, attribute: modelAttribute, path }, { set, remove }) => {
      const attribute = modelAttribute as Attribute | undefined;
      const raw = path.raw ?? key;
      // A key outside the schema is a component's id (the target owns its rows) unless it names a zone item's kind.
      if (!attribute) return key === '__component' ? undefined : remove(key);
      const directive = insideCopy(raw) ? 'copy' : directiveOf(attribute, path.attribute ?? key, options.directives);
      if (directive === 'skip' || attribute.type === 'password') return remove(key);
      if (contentTypes.isRelationalAttribute(modelAttribute)) {
        // A top-level relation is the caller's; one inside a component goes with its component.
        if (!raw.includes('.')) return remove(key);
        const ids = relatedDocumentIds(value);
        const linked = directive === 'translate' && options.linkRelation ? await options.linkRelation(attribute, ids) : ids;
        return set(key, relationValue(attribute, linked) as never);
      }
      if (contentTypes.isMediaAttribute(modelAttribute)) return set(key, mediaIds(value) as never);
      if (directive === 'copy') return void copied.add(raw);
      const field = path.attribute ?? key;
      let lost = false;
      const text = translatedText(value, attribute.type, translate, () => (lost = true));
      if (lost) options.onFlag?.({ field, code: 'markers', reason: MARKERS_LOST });
      if (text !== undefined) set(key, fitted(attribute, text, value, field, options.onFlag) as never);
    },
    { schema: asModel(options.schema), getModel: (uid) => asModel(options.getModel(uid)) },
    fields as Data,
  ) as Promise<DocumentData>;
}

/** Fields to translate, as written to the target locale, each text through `translate`. */
export const translateFields = (fields: DocumentData, options: WalkOptions, translate: Translate): Promise<DocumentData> =>
  walk(fields, options, translate, false);

/** Fields copied as they are, in the shape the Document Service accepts on write (component ids dropped, media as ids). */
export const copyFields = (fields: DocumentData, options: Omit<WalkOptions, 'directives' | 'linkRelation'>): Promise<DocumentData> =>
  walk(fields, { schema: options.schema, getModel: options.getModel, directives: {} }, (text) => text, true);

/** Every text the fields to translate would send, in the order they are walked (repeats included: the batch call dedupes). */
export async function collectTexts(fields: DocumentData, options: WalkOptions): Promise<string[]> {
  const texts: string[] = [];
  await walk(fields, options, (text) => (texts.push(text), text), false);
  return texts;
}

/** The fields with every relation left out, at any depth (inside components and dynamic zones too). */
export const withoutRelations = (fields: DocumentData, options: Pick<WalkOptions, 'schema' | 'getModel'>): Promise<DocumentData> =>
  traverseEntity(
    ({ key, attribute }, { remove }) => {
      if (attribute && contentTypes.isRelationalAttribute(attribute)) remove(key);
    },
    { schema: asModel(options.schema), getModel: (uid) => asModel(options.getModel(uid)) },
    fields as Data,
  ) as Promise<DocumentData>;

/** The named fields of a document, in the order named. */
export const pickFields = (document: DocumentData, names: readonly string[]): DocumentData =>
  Object.fromEntries(names.map((name) => [name, document[name]]));
