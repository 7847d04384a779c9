// The Strapi instances working the queue on this database. Each running worker records a
// heartbeat row every few seconds, so every instance knows how many share the key's per-minute
// limit (the client paces at its part of it). A row silent for LIVE_MS is a stopped or killed
// instance and is removed by the next heartbeat of any other.
import { randomBytes } from 'node:crypto';
import { INSTANCE_UID } from '../constants';
import type { Strapi } from '../strapi';
import type { InstancesService } from '../types/services';
import { INSTANCE_ID } from '../utils/instance-id';

export const HEARTBEAT_MS = 5_000;
export const LIVE_MS = 30_000;

export default ({ strapi }: { strapi: Strapi }): InstancesService => {
  const rows = () => strapi.db.query(INSTANCE_UID);
  let live = 1;

  return {
    /** Records this instance as alive, removes silent ones, and counts the live ones (this one included). */
    async beat(): Promise<number> {
      const now = Date.now();
      const { count } = await rows().updateMany({ where: { instanceId: INSTANCE_ID }, data: { seenAt: now } });
      if (count === 0) await rows().create({ data: { documentId: randomBytes(12).toString('hex'), instanceId: INSTANCE_ID, seenAt: now } });
      await rows().deleteMany({ where: { seenAt: { $lt: now - LIVE_MS } } });
      // Distinct ids: two overlapping first heartbeats of one instance may each have added its row.
      const seen = await rows().findMany({ select: ['instanceId'] });
      live = Math.max(1, new Set(seen.map((row) => row.instanceId)).size);
      return live;
    },

    /** The live instances at the last heartbeat (1 before the first). */
    live: (): number => live,

    /** A stopping instance leaves at once, so the others take up its share without waiting. */
    async leave(): Promise<void> {
      await rows().deleteMany({ where: { instanceId: INSTANCE_ID } });
    },
  };
};
