// Work asked for from the admin is checked, when asked, against the asking admin's Content
// Manager permissions per locale: these are the lookups those checks need (a locale's version
// with its creator, whether targets are published with their source) and the refusal itself.
import { errors } from '@strapi/utils';
import type { Attribute, Strapi } from '../strapi';
import type { AccessNeed, FieldAccess } from '../types/access';
import { translatableFields } from '../translation/planner';
import type { ResolvedContentType } from '../types/settings';
import { getService } from '../utils/get-service';
import { hasDraftAndPublish } from '../utils/content-types';
import type { Context } from './context';

/** A component field's inner fields as role field lists name them ("seo.metaTitle"), nested components walked. */
const innerPaths = (strapi: Strapi, path: string, attribute: Attribute, depth = 0): string[] => {
  const model = attribute.type === 'component' && attribute.component ? strapi.getModel(attribute.component) : undefined;
  if (!model || depth > 6) return [];
  // Ids are not listed in roles.
  return Object.entries(model.attributes)
    .filter(([name]) => name !== 'id')
    .flatMap(([name, inner]) => {
      const nested = innerPaths(strapi, `${path}.${name}`, inner, depth + 1);
      return nested.length > 0 ? nested : [`${path}.${name}`];
    });
};

/** Reading a content type's source locale and editing each of its target locales. */
const everyLocale = (contentType: ResolvedContentType): AccessNeed[] => [
  { action: 'read', locale: contentType.sourceLocale },
  ...contentType.targetLocales.map((locale) => ({ action: 'update' as const, locale })),
];

export const entryAccess = (strapi: Strapi) => {
  /** A locale's draft version with what permission conditions look at (its creator); null when it does not exist. */
  const version = (uid: string, documentId: string, locale: string, status: 'draft' | 'published' = 'draft') =>
    strapi.documents(uid).findOne({ documentId, locale, status, fields: ['locale'], populate: { createdBy: { fields: ['id'] } } });

  /** Whether the plugin publishes a target when its source is published. */
  const publishes = (contentType: ResolvedContentType): boolean =>
    contentType.publication === 'follow' && hasDraftAndPublish(strapi.contentTypes[contentType.uid]);

  /** Refuses the request, naming the locale, unless the admin may do every one of `needs`. */
  const requireAccess = async (ctx: Context, uid: string, needs: readonly AccessNeed[]): Promise<void> => {
    const refusal = await getService(strapi, 'access').firstRefusal(ctx.state.userAbility, uid, needs);
    // A PolicyError: Strapi answers a plain ForbiddenError from a controller with a bare "Forbidden",
    // while a PolicyError (its subclass, 403 as well) keeps the message the editor needs.
    if (refusal) throw new errors.PolicyError(refusal.message, { locale: refusal.locale, action: refusal.action });
  };

  /**
   * The translatable fields the admin's field lists allow for `needs` (read the source, create or
   * edit the target), and those withheld: work asked for is narrowed to the allowed ones.
   */
  const fieldAccess = (ctx: Context, contentType: ResolvedContentType, needs: readonly AccessNeed[]): FieldAccess =>
    fieldAccessOf(ctx.state.userAbility, contentType, needs);

  /** The same, for an admin's permissions as a save's request carries them. */
  const fieldAccessOf = (userAbility: unknown, contentType: ResolvedContentType, needs: readonly AccessNeed[]): FieldAccess => {
    const schema = strapi.contentTypes[contentType.uid];
    const fields = schema
      ? translatableFields(schema, contentType)
          .filter((field) => field.directive !== 'skip')
          .map((field) => ({ name: field.name, inner: innerPaths(strapi, field.name, field.attribute) }))
      : [];
    return getService(strapi, 'access').fieldAccess(userAbility, contentType.uid, needs, fields);
  };

  /**
   * Per locale, the fields the admin's field lists withhold from the work `needsOf` describes, and
   * the fields that locale's jobs are narrowed to (only locales with something withheld are narrowed).
   */
  const narrowToFields = async (
    ctx: Context,
    contentType: ResolvedContentType,
    locales: readonly string[],
    needsOf: (locale: string) => AccessNeed[] | Promise<AccessNeed[]>,
  ) => {
    const withheld: Record<string, string[]> = {};
    const narrowedTo = new Map<string, string[]>();
    for (const locale of locales) {
      const access = fieldAccess(ctx, contentType, await needsOf(locale));
      if (access.withheld.length === 0) continue;
      withheld[locale] = access.withheld;
      narrowedTo.set(locale, access.allowed);
    }
    return { withheld, narrowedTo };
  };

  return {
    version,
    publishes,

    /** Whether the admin may do every one of `needs` (for what a route shows rather than refuses). */
    async may(ctx: Context, uid: string, needs: readonly AccessNeed[]): Promise<boolean> {
      return (await getService(strapi, 'access').firstRefusal(ctx.state.userAbility, uid, needs)) === null;
    },

    /**
     * What the queue and run routes show or change of a content type: reading its source locale
     * (and, to change a locale's work, editing that locale), as the Content Manager would let this
     * admin. Refused with the locale named otherwise.
     */
    async requireContent(ctx: Context, uid: string, sourceLocale: string, edits: readonly string[] = []): Promise<void> {
      await requireAccess(ctx, uid, [
        { action: 'read', locale: sourceLocale },
        ...edits.map((locale) => ({ action: 'update' as const, locale })),
      ]);
    },

    requireAccess,

    /**
     * The whole queue holds every content type's work in every target locale: pausing or resuming
     * it takes what pausing each of them would (read the source, edit the locale), so a role
     * limited to some locales pauses and resumes those (on the bulk page), not everyone's work.
     */
    async requireQueueControl(ctx: Context): Promise<void> {
      for (const contentType of getService(strapi, 'settings').contentTypes())
        await requireAccess(ctx, contentType.uid, everyLocale(contentType));
    },

    async mayControlQueue(ctx: Context): Promise<boolean> {
      for (const contentType of getService(strapi, 'settings').contentTypes())
        if (await getService(strapi, 'access').firstRefusal(ctx.state.userAbility, contentType.uid, everyLocale(contentType))) return false;
      return true;
    },

    fieldAccess,
    fieldAccessOf,
    narrowToFields,

    /** Audio of these locales: read and edit each target (its media field), publish it where it is published. */
    async audioNeeds(contentType: ResolvedContentType, documentId: string, locales: readonly string[]): Promise<AccessNeed[]> {
      const needs: AccessNeed[] = [];
      for (const locale of locales) {
        const target = await version(contentType.uid, documentId, locale);
        needs.push({ action: 'read', locale, version: target }, { action: 'update', locale, version: target });
        if (publishes(contentType) && (await version(contentType.uid, documentId, locale, 'published')))
          needs.push({ action: 'publish', locale, version: target });
      }
      return needs;
    },
  };
};
