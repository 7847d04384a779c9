// Work an admin asks for (translate now, generate audio, bulk runs) is done later by the worker
// with the plugin's own rights, so it is checked here, when asked, against what that admin may
// do in the Content Manager: read the source locale, edit (or create) and publish each target
// locale. The checks go through the Content Manager's own permission checker, so role locales,
// conditions ("is creator") and super admins behave exactly as in the edit view.
import type { Strapi } from '../strapi';
import { localeName } from './locale-name';

export type ContentAction = 'read' | 'create' | 'update' | 'publish';

/** One thing the work will do: an action on a locale, on an existing version when there is one. */
export interface AccessNeed {
  readonly action: ContentAction;
  readonly locale: string;
  /** The version acted on (for conditions such as "is creator"); the locale alone when it does not exist yet. */
  readonly version?: Record<string, unknown> | null;
}

export interface Refusal {
  readonly action: ContentAction;
  readonly locale: string;
  /** One sentence for the editor, naming the type and the locale. */
  readonly message: string;
}

interface PermissionChecker {
  cannot: Record<ContentAction, (entity?: Record<string, unknown>) => boolean>;
}

const VERBS: Record<ContentAction, string> = { read: 'read', create: 'create', update: 'edit', publish: 'publish' };

export default ({ strapi }: { strapi: Strapi }) => {
  return {
    /**
     * The first need the admin's ability refuses, in the order given, or null when every one is
     * allowed. `userAbility` is the one Strapi's admin authentication put on the request.
     */
    async firstRefusal(userAbility: unknown, uid: string, needs: readonly AccessNeed[]): Promise<Refusal | null> {
      const factory = strapi.plugin('content-manager').service('permission-checker') as {
        create(input: { userAbility: unknown; model: string }): PermissionChecker;
      };
      const checker = factory.create({ userAbility, model: uid });
      for (const need of needs) {
        const subject = need.version ? { ...need.version, locale: need.locale } : { locale: need.locale };
        if (!checker.cannot[need.action](subject)) continue;
        const typeName = strapi.contentTypes[uid]?.info?.displayName ?? uid;
        return {
          action: need.action,
          locale: need.locale,
          message: `Your role may not ${VERBS[need.action]} ${typeName} entries in ${await localeName(strapi, need.locale)}, so nothing was queued. Choose other locales, or ask an administrator for this one.`,
        };
      }
      return null;
    },
  };
};
