// The settings page: its data, all from Strapi's own database (the key's details as the last "Test
// connection" found them, today's use, the configured content types, the queue and its pauses),
// "Test connection" (one me() call) and the queue's Pause and Resume. Nothing here returns the key.
import { ACTIONS } from '../permissions';
import type { Strapi } from '../strapi';
import type { Settings } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { findEncoder } from '../utils/audio-encoder';
import { callingService } from './service-errors';
import { displayName, localeNames, mayDo, requireServiceKey, type Context } from './context';
import { entryAccess } from './entry-access';

/** The audio files this server makes, as the audio service will find its encoder. */
const audioFormat = (): Settings['audioFormat'] => {
  const encoder = findEncoder();
  return encoder ? { format: 'mp3', encoder: encoder.name } : { format: 'wav', encoder: null };
};

export default ({ strapi }: { strapi: Strapi }) => {
  const settings = () => getService(strapi, 'settings');
  const queue = () => getService(strapi, 'queue');
  const pauseStore = () => getService(strapi, 'pauses');
  const { requireQueueControl, mayControlQueue } = entryAccess(strapi);

  return {
    /**
     * The settings page's data, all from Strapi's own database: the key's details as the last
     * "Test connection" found them, today's use of each allowance as the plugin counted it, the
     * queue and its pauses. It never calls the service, so an open page costs no request.
     */
    async settings(ctx: Context) {
      ctx.body = {
        // Pause and Resume take the bulk permission and every locale's work: a role without them is not shown them.
        mayControlQueue: mayDo(ctx, ACTIONS.bulk) && (await mayControlQueue(ctx)),
        configured: settings().hasKey(),
        key: await getService(strapi, 'keyCheck').last(),
        usage: await getService(strapi, 'spending').today(),
        contentTypes: settings()
          .contentTypes()
          .map(({ uid, sourceLocale, targetLocales, audio, publication, translateOn, audioOn }) => ({
            uid,
            displayName: displayName(strapi, uid),
            sourceLocale,
            targetLocales,
            audio,
            publication,
            translateOn,
            audioOn,
          })),
        localeNames: await localeNames(strapi),
        queue: { counts: await queue().counts(), pause: await pauseStore().pauseState(), pauses: await pauseStore().pauseStates() },
        audioFormat: audioFormat(),
      } satisfies Settings;
    },

    /** "Test connection": one me() call, asked for by an administrator; its answer is kept for the settings page. */
    async testConnection(ctx: Context) {
      requireServiceKey(strapi);
      // The answer, refused or not, is kept for the settings page; a refusal is answered as Strapi's error.
      ctx.body = { key: await callingService(() => getService(strapi, 'keyCheck').check()) };
    },

    async pause(ctx: Context) {
      await requireQueueControl(ctx);
      await pauseStore().pause({ pausedUntil: null, reason: 'paused by an administrator', byHand: true });
      ctx.body = { pause: await pauseStore().pauseState() };
    },

    async resume(ctx: Context) {
      await requireQueueControl(ctx);
      await pauseStore().resume();
      getService(strapi, 'worker').nudge();
      ctx.body = { pause: await pauseStore().pauseState() };
    },
  };
};
