// The planner: once a job's documents are loaded, which fields of the target locale are
// translated, copied, kept (edited by hand) or held (a published uid), and which texts go to the
// service. Pure: no Strapi, no service (the texts are walked with @strapi/utils' traverseEntity,
// which needs neither), so every rule is unit-tested on plain objects.
import type { FieldFlag } from '../../../shared/contracts/admin-api';
import type { DocumentData, Schema } from '../strapi';
import type { AudioMapping, FieldDirective } from '../config/schema';
import { collectTexts, pickFields, planFields, withoutRelations, type FieldPlan, type ModelLookup } from './fields';
import { hashValue } from './hash';
import type { SentenceRecord } from './corrections';

/** What the plugin remembers per entry and target locale (the state store keeps it). */
export interface TranslationState {
  id?: number;
  /** Hashes of the source fields as last translated: a field whose source hash moved is outdated. */
  sourceHashes: Record<string, string>;
  /** Hashes of the values the plugin wrote: a target value that differs was edited by hand. */
  writtenHashes: Record<string, string>;
  keptFields: string[];
  audioHash?: string | null;
  /** Fields the last translation wrote otherwise than translated (fitted, or kept as written). */
  fieldFlags?: FieldFlag[];
  /** Per field the plugin wrote, its sentences' hashes as sent and as written: what a correction is told from. */
  sentences?: Record<string, SentenceRecord>;
}

/** The settings of a content type the planner reads. */
export interface PlannerSettings {
  readonly fields: Readonly<Record<string, FieldDirective>>;
  readonly audio: readonly Pick<AudioMapping, 'to'>[];
  readonly overwriteHandEdits: boolean;
  readonly regeneratePublishedUids: boolean;
}

export interface PlanInput {
  schema: Schema;
  settings: PlannerSettings;
  source: DocumentData;
  /** The target locale's draft, or null when it does not exist yet. */
  target: DocumentData | null;
  state: TranslationState;
  /** An editor confirmed replacing hand edits for this job. */
  force: boolean;
  /** The target locale has a published version (its uids are live URLs). */
  targetPublished: boolean;
  /** The schema of a component (Strapi's getModel). */
  getModel: ModelLookup;
  /** Only these fields (the asking admin's field lists allow no others); every field when absent. */
  only?: readonly string[] | undefined;
}

export interface FieldsPlan {
  toTranslate: FieldPlan[];
  toCopy: FieldPlan[];
  /** Fields edited by hand and kept. */
  kept: string[];
  /** Fields edited by hand that this job overwrites (confirmed by an editor, or overwriteHandEdits). */
  overwritten: string[];
  /** uid fields of a published target left as they are (its live URL), though their source changed. */
  heldUids: string[];
  sourceHashes: Record<string, string>;
  /** The texts to send, in field order and within a field as walked (repeats included; the batching sends each once). */
  texts: string[];
}

export const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Whether a target field holds someone's own words: it is not empty and is not what the plugin
 * wrote there (`written`, the hash the writer kept; none where it never wrote the field).
 */
export const isHandEdited = (targetValue: unknown, written: string | undefined): boolean =>
  !isEmpty(targetValue) && (written === undefined || written !== hashValue(targetValue));

/** The fields a translation plans over: every field but the media fields audio is written into (audio is not a hand edit). */
export function translatableFields(schema: Schema, settings: Pick<PlannerSettings, 'fields' | 'audio'>): FieldPlan[] {
  const audioTargets = new Set(settings.audio.map((mapping) => mapping.to));
  return planFields(schema, settings.fields).filter((field) => !audioTargets.has(field.name));
}

export async function planTranslation({
  schema,
  settings,
  source,
  target,
  state,
  force,
  targetPublished,
  getModel,
  only,
}: PlanInput): Promise<FieldsPlan> {
  const plan: FieldsPlan = { toTranslate: [], toCopy: [], kept: [], overwritten: [], heldUids: [], sourceHashes: {}, texts: [] };
  // A field left out is neither sent nor written, as if skipped.
  const fields = translatableFields(schema, settings).filter((field) => only === undefined || only.includes(field.name));
  for (const field of fields) {
    if (field.directive === 'skip') continue;
    const sourceHash = hashValue(source[field.name]);
    plan.sourceHashes[field.name] = sourceHash;
    const targetValue = target?.[field.name];
    const written = state.writtenHashes[field.name];
    const editedByHand = target !== null && isHandEdited(targetValue, written);
    if (editedByHand && !settings.overwriteHandEdits && !force) {
      plan.kept.push(field.name);
      continue;
    }
    if (editedByHand) plan.overwritten.push(field.name);
    // A field edited by hand and not kept is translated again even when its source is unchanged.
    const unchanged = target !== null && state.sourceHashes[field.name] === sourceHash && written !== undefined && !editedByHand;
    if (unchanged && !isEmpty(targetValue)) continue;
    if (field.directive === 'copy') plan.toCopy.push(field);
    else plan.toTranslate.push(field);
  }
  // A uid is made from its target field: when that field is translated again, so is the uid.
  for (const field of fields) {
    const from = field.attribute.targetField;
    const regenerate = field.attribute.type === 'uid' && field.directive === 'translate' && from !== undefined;
    if (
      regenerate &&
      plan.toTranslate.some((candidate) => candidate.name === from) &&
      !plan.kept.includes(field.name) &&
      !plan.toTranslate.some((candidate) => candidate.name === field.name)
    ) {
      plan.toTranslate.push(field);
    }
  }
  // A published target keeps its uids (slugs): regenerating one would break its live URL. A
  // draft that was never published follows its source; `regeneratePublishedUids` lets all follow.
  if (target && targetPublished && !settings.regeneratePublishedUids) {
    plan.heldUids = plan.toTranslate.filter((field) => field.attribute.type === 'uid').map((field) => field.name);
    plan.toTranslate = plan.toTranslate.filter((field) => field.attribute.type !== 'uid');
  }
  // uids and relations among them carry no text: the writer makes and links them.
  const names = plan.toTranslate.map((field) => field.name);
  plan.texts = await collectTexts(pickFields(source, names), { schema, getModel, directives: settings.fields });
  return plan;
}

/**
 * The fields whose source moved on since the locale's last translation: their source hash differs
 * from the one recorded when they were translated (or reviewed). Fields never translated are not
 * outdated: they are missing, which the entry's status says otherwise.
 */
export function outdatedFields(
  schema: Schema,
  settings: Pick<PlannerSettings, 'fields' | 'audio'>,
  source: DocumentData,
  recorded: Readonly<Record<string, string>>,
): string[] {
  return translatableFields(schema, settings)
    .filter(
      (field) => field.directive !== 'skip' && recorded[field.name] !== undefined && recorded[field.name] !== hashValue(source[field.name]),
    )
    .map((field) => field.name);
}

/**
 * Whether the source's published version says what its draft says in every field the job planned
 * over (`fields`): only then may a target follow its source into publication. A draft saved over a
 * published source (an editor's unfinished sentence) differs, so its translation stays in the
 * target drafts until the source itself is published. Relations are not compared, at any depth: a
 * published version links only published entries, so a link to a draft (from the entry or from
 * inside one of its components) would hold the target back for ever.
 */
export async function publishedAsDrafted(input: {
  schema: Schema;
  getModel: ModelLookup;
  fields: readonly string[];
  draft: DocumentData;
  published: DocumentData | null;
}): Promise<boolean> {
  const { schema, getModel, fields, published } = input;
  if (!published) return false;
  const [draft, live] = await Promise.all(
    [input.draft, published].map((document) => withoutRelations(pickFields(document, fields), { schema, getModel })),
  );
  return fields.every((name) => hashValue(draft?.[name]) === hashValue(live?.[name]));
}
