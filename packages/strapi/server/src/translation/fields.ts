// Which fields of an entry are translated, copied or skipped, and how a value of each kind is
// walked: text through the service, structure (components, dynamic zones, blocks, Markdown) kept,
// component ids dropped (a target locale owns its own component rows), media and scalars copied.
import type { Attribute, Schema } from '../strapi';
import type { FieldDirective } from '../config/schema';
import { mapBlocks } from './blocks';
import { mapMarkdown } from './markdown';

export type Translate = (text: string) => string;
export type ComponentLookup = (uid: string) => Schema | undefined;

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'blocks']);
const NEVER_WRITTEN = new Set(['password']);
// System attributes every document carries; never part of a translation.
const SYSTEM = new Set(['id', 'documentId', 'locale', 'localizations', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy']);

/** The default directive of a field by its type: text is translated, structure walked, the rest copied. */
export function defaultDirective(attribute: Attribute): FieldDirective {
  if (TEXT_TYPES.has(attribute.type) || attribute.type === 'component' || attribute.type === 'dynamiczone') return 'translate';
  if (attribute.type === 'uid' || attribute.type === 'relation') return 'translate';
  if (NEVER_WRITTEN.has(attribute.type)) return 'skip';
  return 'copy';
}

export interface FieldPlan {
  readonly name: string;
  readonly attribute: Attribute;
  readonly directive: FieldDirective;
}

/** The localized fields of a content type with their directives (configured, else per-field pluginOptions, else by type). */
export function planFields(schema: Schema, directives: Readonly<Record<string, FieldDirective>> = {}): FieldPlan[] {
  const plans: FieldPlan[] = [];
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (SYSTEM.has(name)) continue;
    // Fields not localized are shared by all locales (i18n keeps them in step): nothing to do.
    if (attribute.pluginOptions?.i18n?.localized === false) continue;
    if (attribute.type === 'relation' && name.startsWith('localizations')) continue;
    const fromSchema = attribute.pluginOptions?.circassian?.translate as FieldDirective | undefined;
    plans.push({ name, attribute, directive: directives[name] ?? fromSchema ?? defaultDirective(attribute) });
  }
  return plans;
}

export interface WalkContext {
  readonly components: ComponentLookup;
  readonly directives: Readonly<Record<string, FieldDirective>>;
  readonly translate: Translate;
}

/**
 * The value written to the target locale for a `translate` field. Relations and uids are handled
 * by the caller (they need the database and the translated title).
 */
export function translateValue(value: unknown, attribute: Attribute, path: string, context: WalkContext): unknown {
  if (value === null || value === undefined) return value;
  switch (attribute.type) {
    case 'string':
    case 'text':
      return typeof value === 'string' && /\p{L}/u.test(value) ? context.translate(value) : value;
    case 'richtext':
      return typeof value === 'string' ? mapMarkdown(value, context.translate) : value;
    case 'blocks':
      return mapBlocks(value, context.translate);
    case 'component': {
      const schema = attribute.component ? context.components(attribute.component) : undefined;
      if (!schema) return undefined;
      return attribute.repeatable && Array.isArray(value)
        ? value.map((item) => componentValue(item, schema, path, context))
        : componentValue(value, schema, path, context);
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? value
            .map((item) => {
              const uid = (item as { __component?: string }).__component;
              const schema = uid ? context.components(uid) : undefined;
              return schema ? { __component: uid, ...(componentValue(item, schema, path, context) as object) } : undefined;
            })
            .filter((item) => item !== undefined)
        : value;
    default:
      return copyValue(value, attribute, context.components);
  }
}

function componentValue(value: unknown, schema: Schema, path: string, context: WalkContext): unknown {
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (!(name in source)) continue;
    const innerPath = `${path}.${name}`;
    // A dotted path in the config wins, then the component field's own pluginOptions, then its type.
    const fromSchema = attribute.pluginOptions?.circassian?.translate as FieldDirective | undefined;
    const directive = context.directives[innerPath] ?? fromSchema ?? defaultDirective(attribute);
    if (directive === 'skip' || attribute.type === 'relation') continue;
    result[name] =
      directive === 'translate'
        ? translateValue(source[name], attribute, innerPath, context)
        : copyValue(source[name], attribute, context.components);
  }
  return result;
}

/** A value copied as it is, in the shape the Document Service accepts on write. */
export function copyValue(value: unknown, attribute: Attribute, components: ComponentLookup): unknown {
  if (value === null || value === undefined) return value;
  switch (attribute.type) {
    case 'media':
      return Array.isArray(value) ? value.map(mediaId) : mediaId(value);
    case 'component':
    case 'dynamiczone': {
      const identity: WalkContext = { components, directives: {}, translate: (text) => text };
      // Walking with the identity keeps every text and drops the component ids, as a copy must.
      return translateValue(value, attribute, '', { ...identity, directives: new Proxy({}, { get: () => 'copy' }) });
    }
    default:
      return value;
  }
}

function mediaId(file: unknown): unknown {
  return typeof file === 'object' && file !== null && 'id' in file ? (file as { id: unknown }).id : file;
}

/** Every text a `translate` field would send, in order (repeats included: the batch call dedupes). */
export function collectTexts(
  value: unknown,
  attribute: Attribute,
  path: string,
  components: ComponentLookup,
  directives: Readonly<Record<string, FieldDirective>>,
): string[] {
  const texts: string[] = [];
  translateValue(value, attribute, path, { components, directives, translate: (text) => (texts.push(text), text) });
  return texts;
}
