// The Strapi instances working the queue on this database. Each running worker records a
// heartbeat row every HEARTBEAT_MS, so every instance knows how many share the key's per-minute
// limit (the client paces at its part of it). A row silent for LIVE_MS (several missed heartbeats)
// is a stopped or killed instance: the next heartbeat of any other removes it and puts the jobs it
// had claimed back to wait, uncounted, so they are taken over within seconds instead of after
// their lease, and the count of live instances is right within seconds of a kill or a restart.
import { randomBytes } from 'node:crypto';
import { INSTANCE_UID, JOB_UID } from '../constants';
import type { Strapi } from '../strapi';
import type { InstancesService } from '../types/services';
import { INSTANCE_ID } from '../utils/instance-id';

export const HEARTBEAT_MS = 1_000;
/**
 * Silent this long (five heartbeats missed, and slack for a busy event loop), an instance is gone.
 * It bounds how soon a killed instance's work is taken over (a chaos run at 8 s took 9.6 and 12.3 s
 * from a SIGKILL to its jobs done: issue 37 asks under 10). A live instance whose heartbeat came
 * later than this would lose its claims while still working on them (another instance may then ask
 * the service for the same text), so it stays far above any pause the worker makes: nothing it does
 * holds its event loop for seconds (MP3 is encoded in another process or a worker thread).
 */
export const LIVE_MS = 6_000;

export default ({ strapi }: { strapi: Strapi }): InstancesService => {
  const rows = () => strapi.db.query(INSTANCE_UID);
  let live = 1;

  return {
    /** Records this instance as alive, removes silent ones, and counts the live ones (this one included). */
    async beat(): Promise<number> {
      const now = Date.now();
      const { count } = await rows().updateMany({ where: { instanceId: INSTANCE_ID }, data: { seenAt: now } });
      if (count === 0) await rows().create({ data: { documentId: randomBytes(12).toString('hex'), instanceId: INSTANCE_ID, seenAt: now } });
      const silent = await rows().findMany({ where: { seenAt: { $lt: now - LIVE_MS } }, select: ['instanceId'] });
      for (const instanceId of new Set(silent.map((row) => String(row.instanceId)))) {
        // Its claims (`instance:claim`) wait again; the row's guard keeps a job another instance finished or took.
        const { count } = await strapi.db.query(JOB_UID).updateMany({
          where: { status: 'running', claimedBy: { $startsWith: `${instanceId}:` } },
          data: { status: 'pending', leaseUntil: null, claimedBy: null },
        });
        if (count > 0) strapi.log.info(`[circassian] instance ${instanceId} stopped answering: ${count} of its jobs wait again`);
        await rows().deleteMany({ where: { instanceId, seenAt: { $lt: now - LIVE_MS } } });
      }
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
