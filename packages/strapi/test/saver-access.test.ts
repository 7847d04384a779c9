import { describe, expect, it } from 'vitest';
import { isPublicWrite, savingAdminAbility } from '../server/src/register/saver-access';
import type { Strapi } from '../server/src/strapi';
import { teacherOfWrite } from '../server/src/utils/memory-teacher';

/** A Strapi whose request context holds `state` (Strapi keeps the request in async local storage). */
const during = (state: Record<string, unknown> | undefined): Strapi =>
  ({ requestContext: { get: () => (state ? { state } : undefined) } }) as unknown as Strapi;

describe('who a write came from', () => {
  it("tells the Content API's Public role (users-permissions, no user) from everyone else", () => {
    expect(isPublicWrite(during({ auth: { strategy: { name: 'users-permissions' }, credentials: null } }))).toBe(true);
    expect(isPublicWrite(during({ auth: { strategy: { name: 'users-permissions' }, credentials: { id: 3 } } }))).toBe(false);
    expect(isPublicWrite(during({ auth: { strategy: { name: 'api-token' }, credentials: { id: 1 } } }))).toBe(false);
    expect(isPublicWrite(during({ auth: { strategy: { name: 'admin' }, credentials: { id: 1 } } }))).toBe(false);
    // Code (a cron, a script) writes outside any request.
    expect(isPublicWrite(during(undefined))).toBe(false);
  });

  it("finds the saving admin's permissions only in an admin request", () => {
    const ability = { can: () => true };
    expect(savingAdminAbility(during({ userAbility: ability }))).toBe(ability);
    expect(savingAdminAbility(during({ auth: { strategy: { name: 'api-token' } } }))).toBeUndefined();
  });

  it('names who made a write for the translation memory, and lets only an admin whose role holds plugin::circassian.memory teach it', () => {
    const reviewer = { can: (action: string) => action === 'plugin::circassian.memory' };
    const editor = { can: (action: string) => action === 'plugin::circassian.read' };
    const admin = (userAbility: unknown) => ({
      auth: { strategy: { name: 'admin' } },
      user: { id: 1, email: 'a@circassian.test' },
      userAbility,
    });
    expect(teacherOfWrite(during(admin(reviewer)))).toEqual({ name: 'a@circassian.test', via: 'admin', mayTeach: true });
    expect(teacherOfWrite(during(admin(editor)))).toEqual({ name: 'a@circassian.test', via: 'admin', mayTeach: false });
    expect(teacherOfWrite(during({ auth: { strategy: { name: 'api-token' }, credentials: { id: 1, name: 'import' } } }))).toEqual({
      name: 'api-token:import',
      via: 'api-token',
      mayTeach: false,
    });
    // The strategy's name in the Strapi 5 release the test app runs.
    expect(teacherOfWrite(during({ auth: { strategy: { name: 'content-api-token' }, credentials: { id: 2, name: 'sync' } } }))).toEqual({
      name: 'api-token:sync',
      via: 'api-token',
      mayTeach: false,
    });
    expect(teacherOfWrite(during({ auth: { strategy: { name: 'users-permissions' }, credentials: { id: 3, username: 'anna' } } }))).toEqual(
      {
        name: 'user:anna',
        via: 'user',
        mayTeach: false,
      },
    );
    expect(teacherOfWrite(during({ auth: { strategy: { name: 'users-permissions' }, credentials: null } })).via).toBe('public');
    expect(teacherOfWrite(during(undefined))).toEqual({ name: 'code', via: 'code', mayTeach: false });
  });
});
