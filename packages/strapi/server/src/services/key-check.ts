// The key as the service last described it (name, prefix, limits), kept in the plugin store so
// the settings page shows it without asking the service. Only "Test connection" (an
// administrator's click) and the worker's own reads of the limits call me(); never the page.
import { PLUGIN_ID, type Strapi } from '../strapi';
import type { KeyCheckService } from '../types/services';
import { getService } from '../utils/get-service';
import { classifyError } from '../utils/errors';
import type { KeyCheck } from '../../../shared/contracts/admin-api';

export type { KeyCheck };

export default ({ strapi }: { strapi: Strapi }): KeyCheckService => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });

  const remember = async (check: KeyCheck): Promise<KeyCheck> => {
    await store().set({ key: 'keyCheck', value: check });
    return check;
  };

  return {
    async last(): Promise<KeyCheck | null> {
      return ((await store().get({ key: 'keyCheck' })) as KeyCheck | null) ?? null;
    },

    /** Keeps what a me() answer said (the worker reads the limits when a quota runs out). */
    async remember(me: { name: string; prefix: string; limits: Record<string, number> }): Promise<KeyCheck> {
      return remember({ ok: true, name: me.name, prefix: me.prefix, limits: { ...me.limits }, checkedAt: new Date().toISOString() });
    },

    /** One me() call now; its answer is kept and returned, or why there was none kept and the service's error thrown. */
    async check(): Promise<KeyCheck> {
      try {
        const me = await getService(strapi, 'client').get().me();
        return await this.remember({ name: me.name, prefix: me.prefix, limits: me.limits as unknown as Record<string, number> });
      } catch (error) {
        const { type, message } = classifyError(error);
        await remember({ ok: false, error: message, errorType: type, checkedAt: new Date().toISOString() });
        throw error;
      }
    },
  };
};
