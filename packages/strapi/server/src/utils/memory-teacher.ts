// Who made a write the translation memory may learn from, read from the request it belongs to
// (Strapi keeps it in async local storage): an admin in the admin panel, an API token, a logged-in
// user or the Public role of the Content API, or server code outside any request. Teaching is a
// right, not a side effect: only an admin whose role holds `plugin::circassian.memory` makes units
// that everyone gets back.
import { ACTIONS } from '../permissions';
import type { Strapi } from '../strapi';

export type TeacherVia = 'admin' | 'api-token' | 'user' | 'public' | 'code';

export interface Teacher {
  /** Who, as units name their maker: an admin's e-mail, `api-token:<name>`, `user:<username>`, `public`, `code`. */
  readonly name: string;
  readonly via: TeacherVia;
  /** The role may make units others get back (`plugin::circassian.memory`). */
  readonly mayTeach: boolean;
}

/**
 * The Content API's token strategy, by the names Strapi 5 has given it: 'api-token' in earlier
 * releases, 'content-api-token' in the one the test app runs (an API token's write was taken for
 * server code, 'code', and recorded as nobody's).
 */
const API_TOKEN_STRATEGIES = new Set(['api-token', 'content-api-token']);

interface RequestState {
  user?: { id?: unknown; email?: unknown; username?: unknown } | null;
  userAbility?: { can?(action: string): boolean };
  auth?: { strategy?: { name?: string }; credentials?: { name?: unknown; username?: unknown; email?: unknown } | null };
}

/** The maker of the write under way, as the request (or its absence) tells. */
export function teacherOfWrite(strapi: Strapi): Teacher {
  const state = strapi.requestContext?.get()?.state as RequestState | undefined;
  const strategy = state?.auth?.strategy?.name;
  if (!state) return { name: 'code', via: 'code', mayTeach: false };
  if (strategy !== undefined && API_TOKEN_STRATEGIES.has(strategy))
    return { name: `api-token:${String(state.auth?.credentials?.name ?? '?')}`, via: 'api-token', mayTeach: false };
  if (strategy === 'users-permissions') {
    const user = state.auth?.credentials;
    return user
      ? { name: `user:${String(user.username ?? user.email ?? '?')}`, via: 'user', mayTeach: false }
      : { name: 'public', via: 'public', mayTeach: false };
  }
  // The admin panel (its strategy is 'admin'): the admin's e-mail, and the role's right to teach.
  const email = state.user?.email;
  if (typeof email === 'string') return { name: email, via: 'admin', mayTeach: state.userAbility?.can?.(ACTIONS.memory) === true };
  return { name: 'code', via: 'code', mayTeach: false };
}
