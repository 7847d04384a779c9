// Translation on save writes with the plugin's own rights, so a save by an admin is checked
// against that admin's Content Manager permissions, as "Translate now" and bulk runs are: a target
// locale the saving role may not edit (or create), or publish where the target would be published
// with its source, is not written. Its job is held with the reason, and waits for a save or a
// request by someone who may. Per field as well: a role whose field lists leave out a field (in
// the source it reads or the target it writes) queues jobs that write only the others. Writes from
// outside the admin (Content API, code) are not an admin's and are not checked here.
import type { Strapi } from '../strapi';
import type { AccessNeed } from '../types/access';
import type { ResolvedContentType } from '../types/settings';
import { getService } from '../utils/get-service';
import { localeName } from '../utils/locale-name';
import { entryAccess } from '../controllers/entry-access';
import { teacherOfWrite } from '../utils/memory-teacher';

/** The Content Manager's permissions of the admin whose request this write belongs to, if any. */
export const savingAdminAbility = (strapi: Strapi): unknown => strapi.requestContext?.get()?.state?.userAbility;

/**
 * Whether this write came through the Content API from its Public role: the users-permissions
 * strategy let it in without a user (an API token is its own strategy; a logged-in user has
 * credentials). Such writes are not translated unless `publicWrites` says so.
 */
export const isPublicWrite = (strapi: Strapi): boolean => teacherOfWrite(strapi).via === 'public';

const VERBS: Record<AccessNeed['action'], string> = { read: 'read', create: 'create', update: 'edit', publish: 'publish' };

/** What the saving admin's role lets the save's target jobs do. */
export interface SaverAccess {
  /** Per target locale the role may not write, the sentence the panel shows. */
  held: Map<string, string>;
  /** Per target locale whose field lists leave some fields out, the fields its job may write. */
  narrowedTo: Map<string, string[]>;
}

/** Per target locale, whether the saving admin may have written it, and which of its fields. */
export async function saverAccess(
  strapi: Strapi,
  contentType: ResolvedContentType,
  documentId: string,
  ability: unknown,
  /** The save publishes the source: its targets are published with it, so the role must publish them too. */
  publishing: boolean,
): Promise<SaverAccess> {
  const { version, publishes, fieldAccessOf } = entryAccess(strapi);
  const sourcePublished = publishing && publishes(contentType);
  const typeName = strapi.contentTypes[contentType.uid]?.info?.displayName ?? contentType.uid;
  const source = await version(contentType.uid, documentId, contentType.sourceLocale);
  const access: SaverAccess = { held: new Map(), narrowedTo: new Map() };
  for (const locale of contentType.targetLocales) {
    const target = await version(contentType.uid, documentId, locale);
    const writes: AccessNeed = target ? { action: 'update', locale, version: target } : { action: 'create', locale };
    const needs: AccessNeed[] = [writes];
    if (sourcePublished) needs.push({ action: 'publish', locale, version: target });
    const refusal = await getService(strapi, 'access').firstRefusal(ability, contentType.uid, needs);
    if (refusal) {
      access.held.set(
        locale,
        `Waiting for someone whose role may ${VERBS[refusal.action]} ${typeName} entries in ${await localeName(strapi, locale)}: the last save came from a role that may not, so this locale was not translated.`,
      );
      continue;
    }
    // Only the fields the role may read in the source and write in this locale are written there.
    const fields = fieldAccessOf(ability, contentType, [{ action: 'read', locale: contentType.sourceLocale, version: source }, writes]);
    if (fields.withheld.length > 0) access.narrowedTo.set(locale, fields.allowed);
  }
  return access;
}
