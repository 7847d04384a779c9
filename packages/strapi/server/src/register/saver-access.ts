// Translation on save writes with the plugin's own rights, so a save by an admin is checked
// against that admin's Content Manager permissions, as "Translate now" and bulk runs are: a target
// locale the saving role may not edit (or create), or publish where the target would be published
// with its source, is not written. Its job is held with the reason, and waits for a save or a
// request by someone who may. Writes from outside the admin (Content API, code) are not an
// admin's and are not checked here.
import type { Strapi } from '../strapi';
import type { AccessNeed } from '../types/access';
import type { ResolvedContentType } from '../types/settings';
import { getService } from '../utils/get-service';
import { localeName } from '../utils/locale-name';
import { entryAccess } from '../controllers/entry-access';

/** The Content Manager's permissions of the admin whose request this write belongs to, if any. */
export const savingAdminAbility = (strapi: Strapi): unknown => strapi.requestContext?.get()?.state?.userAbility;

/**
 * Whether this write came through the Content API from its Public role: the users-permissions
 * strategy let it in without a user (an API token is its own strategy; a logged-in user has
 * credentials). Such writes are not translated unless `publicWrites` says so.
 */
export const isPublicWrite = (strapi: Strapi): boolean => {
  const auth = strapi.requestContext?.get()?.state?.auth;
  return auth?.strategy?.name === 'users-permissions' && !auth.credentials;
};

const VERBS: Record<AccessNeed['action'], string> = { read: 'read', create: 'create', update: 'edit', publish: 'publish' };

/** Per target locale the saving admin may not have written, the sentence the panel shows. */
export async function heldTargets(
  strapi: Strapi,
  contentType: ResolvedContentType,
  documentId: string,
  ability: unknown,
  /** The save publishes the source: its targets are published with it, so the role must publish them too. */
  publishing: boolean,
): Promise<Map<string, string>> {
  const { version, publishes } = entryAccess(strapi);
  const sourcePublished = publishing && publishes(contentType);
  const typeName = strapi.contentTypes[contentType.uid]?.info?.displayName ?? contentType.uid;
  const held = new Map<string, string>();
  for (const locale of contentType.targetLocales) {
    const target = await version(contentType.uid, documentId, locale);
    const needs: AccessNeed[] = [target ? { action: 'update', locale, version: target } : { action: 'create', locale }];
    if (sourcePublished) needs.push({ action: 'publish', locale, version: target });
    const refusal = await getService(strapi, 'access').firstRefusal(ability, contentType.uid, needs);
    if (refusal)
      held.set(
        locale,
        `Waiting for someone whose role may ${VERBS[refusal.action]} ${typeName} entries in ${await localeName(strapi, locale)}: the last save came from a role that may not, so this locale was not translated.`,
      );
  }
  return held;
}
