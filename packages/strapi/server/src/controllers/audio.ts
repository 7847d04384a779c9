// "Generate audio" and the entry's own voice and speed. Generate answers up front, in words, for
// every locale where nothing would be made (no version yet, no text, the text unchanged since
// its audio), and queues only the others.
import type { Strapi } from '../strapi';
import { getService } from '../utils/get-service';
import { validateEntryAction, validateVoice } from './bodies';
import { asker, chooseLocales, contentTypeOr404, requireServiceKey, type Context } from './context';
import { entryAccess } from './entry-access';
import type { AudioAnswer } from '../../../shared/contracts/admin-api';
import { stateStore } from '../utils/state-store';

export default ({ strapi }: { strapi: Strapi }) => {
  const { requireAccess, audioNeeds } = entryAccess(strapi);
  const audioLocales = (contentType: { audio: ReadonlyArray<{ locales: readonly string[] }> }) => [
    ...new Set(contentType.audio.flatMap((mapping) => mapping.locales)),
  ];

  return {
    async generateAudio(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const body = await validateEntryAction(ctx.request.body);
      requireServiceKey(strapi);
      const documentId = ctx.params.documentId ?? '';
      const locales = chooseLocales(body.locales, audioLocales(contentType));
      await requireAccess(ctx, contentType.uid, await audioNeeds(contentType, documentId, locales));
      const queued: string[] = [];
      const notQueued: AudioAnswer['notQueued'] = [];
      for (const locale of locales) {
        const planned = await getService(strapi, 'audio').plan(contentType.uid, documentId, locale);
        // A translation of this locale still on its way changes the text read: the audio waits for it (it is claimed after it).
        const where = { contentType: contentType.uid, entryDocumentId: documentId, locale, kind: 'translate' };
        const translating = await getService(strapi, 'queue').counts(where);
        if (planned && !planned.plan.make && translating.pending + translating.running === 0) {
          const { reason, fields, message } = planned.plan;
          notQueued.push({ locale, reason, ...(fields ? { fields } : {}), message });
          continue;
        }
        // Who asked is kept on the job: audio asked for by an editor always reports what became of it.
        await getService(strapi, 'queue').enqueue({
          kind: 'audio',
          contentType: contentType.uid,
          entryDocumentId: documentId,
          locale,
          force: true,
          forcedBy: asker(ctx),
        });
        queued.push(locale);
      }
      if (queued.length > 0) getService(strapi, 'worker').nudge();
      ctx.status = queued.length > 0 ? 202 : 200;
      ctx.body = { queued, notQueued } satisfies AudioAnswer;
    },

    /** The entry's own voice and speed for its audio in every audio locale (null: the configured one). */
    async setVoice(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const choice = await validateVoice(ctx.request.body);
      const documentId = ctx.params.documentId ?? '';
      const locales = audioLocales(contentType);
      await requireAccess(
        ctx,
        contentType.uid,
        (await audioNeeds(contentType, documentId, locales)).filter((need) => need.action !== 'publish'),
      );
      for (const locale of locales)
        await stateStore(strapi).upsert(
          { contentType: contentType.uid, entryDocumentId: documentId, locale },
          { voice: choice.voice, speed: choice.speed },
        );
      ctx.body = { voice: choice };
    },
  };
};
