// Work an admin asks for (translate now, generate audio, bulk runs) is done later by the worker
// with the plugin's own rights, so it is checked here, when asked, against what that admin may
// do in the Content Manager: read the source locale, edit (or create) and publish each target
// locale. The checks go through the Content Manager's own permission checker, so role locales,
// conditions ("is creator") and super admins behave exactly as in the edit view.
import type { Strapi } from '../strapi';
import type { AccessNeed, ContentAction, FieldAccess, FieldPaths, Refusal } from '../types/access';
import type { AccessService } from '../types/services';
import { localeName } from '../utils/locale-name';

interface PermissionChecker {
  /** With a field, whether the role's field list covers it; without one CASL answers for "any field". */
  can: Record<ContentAction, (entity?: Record<string, unknown>, field?: string) => boolean>;
  cannot: Record<ContentAction, (entity?: Record<string, unknown>) => boolean>;
}

/** The subject a need is checked on: its version (for conditions) in its locale, or the locale alone. */
const subjectOf = (need: AccessNeed): Record<string, unknown> =>
  need.version ? { ...need.version, locale: need.locale } : { locale: need.locale };

const VERBS: Record<ContentAction, string> = { read: 'read', create: 'create', update: 'edit', publish: 'publish' };

export default ({ strapi }: { strapi: Strapi }): AccessService => {
  const checkerFor = (userAbility: unknown, uid: string): PermissionChecker => {
    const factory = strapi.plugin('content-manager').service('permission-checker') as {
      create(input: { userAbility: unknown; model: string }): PermissionChecker;
    };
    return factory.create({ userAbility, model: uid });
  };

  return {
    /**
     * The first need the admin's ability refuses, in the order given, or null when every one is
     * allowed. `userAbility` is the one Strapi's admin authentication put on the request.
     */
    async firstRefusal(userAbility: unknown, uid: string, needs: readonly AccessNeed[]): Promise<Refusal | null> {
      const checker = checkerFor(userAbility, uid);
      for (const need of needs) {
        if (!checker.cannot[need.action](subjectOf(need))) continue;
        const typeName = strapi.contentTypes[uid]?.info?.displayName ?? uid;
        return {
          action: need.action,
          locale: need.locale,
          message: `Your role may not ${VERBS[need.action]} ${typeName} entries in ${await localeName(strapi, need.locale)}, so nothing was queued. Choose other locales, or ask an administrator for this one.`,
        };
      }
      return null;
    },

    /**
     * Of `fields` (top-level field names), those the admin's field lists allow for every need that
     * has fields (read the source, create or edit the target; publishing has none), and the rest.
     * Asked without a field, CASL answers for "any field": a role that reads only the title would
     * pass, so work an admin asks for is narrowed to these fields (nothing else sent, shown or written).
     */
    fieldAccess(userAbility: unknown, uid: string, needs: readonly AccessNeed[], fields: readonly FieldPaths[]): FieldAccess {
      const checker = checkerFor(userAbility, uid);
      const withFields = needs.filter((need) => need.action !== 'publish');
      // A component is listed in a role by its inner fields ("seo.metaTitle"): it counts when all of them do.
      const may = (need: AccessNeed, field: FieldPaths) =>
        checker.can[need.action](subjectOf(need), field.name) ||
        (field.inner.length > 0 && field.inner.every((path) => checker.can[need.action](subjectOf(need), path)));
      const allowed = fields.filter((field) => withFields.every((need) => may(need, field))).map((field) => field.name);
      return { allowed, withheld: fields.map((field) => field.name).filter((name) => !allowed.includes(name)) };
    },
  };
};
