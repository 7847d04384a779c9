// What every admin controller needs: the request as Strapi gives it, who asked (for logs and
// runs), the locales chosen among those allowed, and content types and locales by their names.
import { errors } from '@strapi/utils';
import type { Strapi } from '../strapi';
import type { ResolvedContentType } from '../types/settings';
import { getService } from '../utils/get-service';

export interface Context {
  params: Record<string, string>;
  query?: Record<string, unknown>;
  request: { body?: unknown };
  /** Set by Strapi's admin authentication on every admin route. */
  state: { userAbility?: unknown; user?: { id?: number | string; email?: string } };
  body: unknown;
  status: number;
}

/** The asked locales among those allowed (all of them when none are asked); an unknown one is refused. */
export const chooseLocales = (asked: readonly string[] | undefined, allowed: readonly string[]): string[] => {
  if (!asked) return [...allowed];
  const unknown = asked.filter((locale) => !allowed.includes(locale));
  if (unknown.length > 0) {
    throw new errors.ValidationError(`${unknown.join(', ')} cannot be chosen here; choose among ${allowed.join(', ')}.`, {
      locales: unknown,
    });
  }
  return allowed.filter((locale) => asked.includes(locale));
};

/** Who asked, for the log: the admin's id and e-mail, never what they wrote. */
/** Whether the admin's role holds an RBAC action (the plugin's own, or Strapi's). */
export const mayDo = (ctx: Context, action: string): boolean =>
  (ctx.state.userAbility as { can?(action: string): boolean } | undefined)?.can?.(action) === true;

export const asker = (ctx: Context): string => `admin #${ctx.state.user?.id ?? '?'} (${ctx.state.user?.email ?? 'unknown'})`;

/** A content type as editors know it ("Article"), not its uid. */
export const displayName = (strapi: Strapi, uid: string): string => strapi.contentTypes[uid]?.info?.displayName ?? uid;

/** Each locale's name as i18n shows it ("Kabardian (East Circassian) (kbd)"), by code. */
export const localeNames = async (strapi: Strapi): Promise<Record<string, string>> => {
  const locales = strapi.plugin('i18n').service('locales') as { find(): Promise<Array<{ code: string; name: string }>> };
  return Object.fromEntries((await locales.find()).map((locale) => [locale.code, locale.name]));
};

/** The translated content type named by the route's `:uid`, or Strapi's 404. */
export const contentTypeOr404 = (strapi: Strapi, ctx: Context): ResolvedContentType => {
  const contentType = getService(strapi, 'settings').contentType(ctx.params.uid ?? '');
  if (!contentType) throw new errors.NotFoundError(`${ctx.params.uid} is not translated by the Circassian plugin`);
  return contentType;
};

/** Refuses work that needs the service while no key is configured. */
export const requireServiceKey = (strapi: Strapi): void => {
  if (!getService(strapi, 'settings').hasKey())
    throw new errors.ApplicationError('No Circassian key is configured; ask your administrator.');
};
