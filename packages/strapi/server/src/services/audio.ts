// Speech from a text field into a media field, through the upload plugin. Short text comes back
// at once; long text is a service job whose id is saved on the queue row before waiting, so a
// restart resumes the job instead of paying for the speech again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavDurationSeconds } from '@circassian/core/wav';
import { wavProblem } from '../utils/wav-check';
import type { Strapi } from '../strapi';
import type { AudioService } from '../types/services';
import { deepPopulate } from '../translation/populate';
import { planFields } from '../translation/fields';
import { publishedAsDrafted } from '../translation/planner';
import { loadDocument } from '../utils/documents';
import type { Job } from '../types/jobs';
import { getService } from '../utils/get-service';
import { PluginJobError } from '../utils/errors';
import { foreignOrigin } from '../utils/audio-origin';
import { planAudio } from '../utils/audio-plan';
import { localeName } from '../utils/locale-name';
import { AUDIO_FOLDER_NAME, UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../constants';
import { audioFileName } from '../utils/audio-file-name';
import { findEncoder, storedAudio } from '../utils/audio-encoder';
import { asPluginWrite } from '../utils/plugin-writes';
import type { AudioReason } from '../../../shared/contracts/admin-api';
import { stateStore } from '../utils/state-store';

/** What became of one audio job, kept per entry and locale for the edit-view panel. */
export interface AudioOutcome {
  outcome: 'made' | 'skipped' | 'failed';
  /** Why it was skipped or failed, in an editor's words. */
  note?: string;
  /** Why it was skipped, for the admin to say in the editor's language. */
  reason?: AudioReason;
}

/** The slice of the upload plugin's service the audio uses. */
interface UploadService {
  upload(input: { data: Record<string, unknown>; files: Record<string, unknown> }): Promise<Array<{ id: number }>>;
  replace(id: number, input: { data: Record<string, unknown>; file: Record<string, unknown> }): Promise<unknown>;
}

export default ({ strapi }: { strapi: Strapi }): AudioService => {
  const store = () => stateStore(strapi);
  const keyOf = (job: Job) => ({ contentType: job.contentType, entryDocumentId: job.entryDocumentId, locale: job.locale });

  /**
   * The Media Library folder the plugin's audio goes into ("Circassian audio", at the root): found
   * by its name, else made once through the upload plugin's own folder service.
   */
  const findAudioFolder = async (): Promise<number | undefined> =>
    (await strapi.db.query(UPLOAD_FOLDER_UID).findOne({ where: { name: AUDIO_FOLDER_NAME, parent: null } }))?.id as number | undefined;
  const audioFolder = async (): Promise<number> => {
    const existing = await findAudioFolder();
    if (existing !== undefined) return existing;
    const folders = strapi.plugin('upload').service('folder') as { create(data: { name: string; parent: null }): Promise<{ id: number }> };
    try {
      return (await folders.create({ name: AUDIO_FOLDER_NAME, parent: null })).id;
    } catch (error) {
      // Another instance made it at the same moment (a folder's pathId is unique): use theirs,
      // rather than fail the audio already made (seen once with two instances on MariaDB).
      const madeMeanwhile = await findAudioFolder();
      if (madeMeanwhile !== undefined) return madeMeanwhile;
      throw error;
    }
  };

  /** The id of the file in the entry's audio field when the plugin made it (it sits in the plugin's folder). */
  const ownAudioFile = async (linked: unknown, folder: number): Promise<number | undefined> => {
    const id = (linked as { id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'number') return undefined;
    const file = await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id, folder: { id: folder } }, select: ['id'] });
    return file ? id : undefined;
  };

  /** Records the outcome (and, for audio made, the hash of what was read) on the entry's state row. */
  const record = async (job: Job, { outcome, note, reason }: AudioOutcome, textHash?: string): Promise<void> => {
    // audioAt is when audio was last made: a later skip or failure keeps it, so the panel can say both.
    await store().upsert(keyOf(job), {
      audioOutcome: outcome,
      audioNote: note ?? null,
      audioReason: reason ?? null,
      ...(outcome === 'made' ? { audioAt: new Date() } : {}),
      ...(textHash ? { audioHash: textHash } : {}),
    });
  };

  /**
   * Whether publishing the target would publish its new audio and nothing else: it has a published
   * version, and its draft says what that version says in every other field. A draft that holds
   * more (a translation of a source draft not published yet, an editor's unpublished edit) is not
   * the audio's to publish: the audio waits in the draft and goes live with it, when the source
   * (through the writer) or an editor publishes.
   */
  const onlyAudioUnpublished = async (job: Job, audioField: string): Promise<boolean> => {
    const schema = strapi.contentTypes[job.contentType];
    if (!schema) return false;
    const [draft, published] = await Promise.all(
      (['draft', 'published'] as const).map((status) => loadDocument(strapi, schema, job.entryDocumentId, job.locale, status)),
    );
    if (!draft) return false;
    const getModel = (uid: string) => strapi.getModel(uid);
    const fields = planFields(schema)
      .map((field) => field.name)
      .filter((name) => name !== audioField);
    return publishedAsDrafted({ schema, getModel, fields, draft, published: published ?? null });
  };

  return {
    record,

    /**
     * What audio of this entry in this locale would be made now, read from the database only: the
     * text, voice and speed, or why none (no version, no text, the text unchanged). Null where the
     * locale gets no audio.
     */
    async plan(contentType: string, documentId: string, locale: string) {
      const settings = getService(strapi, 'settings').contentType(contentType);
      const schema = strapi.contentTypes[contentType];
      const mapping = settings?.audio.find((candidate) => candidate.locales.includes(locale));
      if (!settings || !schema || !mapping) return null;
      const entry = await strapi.documents(contentType).findOne({
        documentId,
        locale,
        populate: deepPopulate(schema, (uid) => strapi.getModel(uid)),
      });
      const state = await store().row({ contentType, entryDocumentId: documentId, locale });
      const language = getService(strapi, 'settings').languageOf(locale) ?? locale;
      const plan = planAudio({
        entry,
        mapping,
        language,
        localeName: await localeName(strapi, locale),
        choice: { voice: (state?.voice as string | null) ?? null, speed: state?.speed == null ? null : Number(state.speed) },
        madeFrom: (state?.audioHash as string | null) ?? null,
      });
      return { plan, mapping, settings, language };
    },

    /** Makes the audio for one (entry, locale) job, or records why none was made; never drops one silently. */
    async run(job: Job): Promise<AudioOutcome> {
      const skip = async (note: string, reason?: AudioReason): Promise<AudioOutcome> => {
        const outcome: AudioOutcome = { outcome: 'skipped', note, ...(reason ? { reason } : {}) };
        await record(job, outcome);
        return outcome;
      };
      const planned = await this.plan(job.contentType, job.entryDocumentId, job.locale);
      if (!planned) return skip(`Audio is not configured for ${job.locale} any more.`);
      const { plan, mapping, settings, language } = planned;
      if (!plan.make) {
        // Asked for by an editor, or nothing to read: say why nothing was made. Queued by a
        // re-publish of unchanged text: the status stays "made".
        if (plan.reason !== 'unchanged' || job.result?.forcedBy)
          return skip(plan.message, { reason: plan.reason, ...(plan.fields ? { fields: plan.fields } : {}) });
        return { outcome: 'skipped', note: 'unchanged' };
      }
      const { entry, text, textHash, voice, speed } = plan;

      const client = getService(strapi, 'client').get();
      const queue = getService(strapi, 'queue');
      let audio: Uint8Array | undefined;
      let durationSeconds: number | undefined;
      let speechJobId = job.result?.textHash === textHash ? (job.result?.speechJobId as string | undefined) : undefined;
      if (!speechJobId) {
        const submitted = await client.submitSpeech({
          text,
          language: language as never,
          ...(voice ? { voice: voice as never } : {}),
          ...(speed ? { speed } : {}),
        });
        if (submitted.kind === 'audio') ({ audio, durationSeconds } = submitted);
        else {
          speechJobId = submitted.job.job_id;
          await getService(strapi, 'spending').saveResult(job, { speechJobId, textHash }, { requests: 1 });
        }
      }
      let requests = speechJobId ? 0 : 1;
      if (speechJobId) {
        // The job's steps one by one, so its audio link is checked before anything is fetched.
        const done = await client.waitForJob(speechJobId, {
          onProgress: () => {
            requests++;
            void queue.extend(job);
          },
        });
        const link = done.audio_url ?? '';
        const refused = foreignOrigin(link, getService(strapi, 'settings').config().baseUrl);
        if (refused) {
          throw new PluginJobError(
            'invalid_response',
            'The speech service gave an audio link on another address, so it was not fetched and no audio was saved. Ask your administrator to check the service address.',
            `refused the audio link of speech job ${speechJobId}: it points at ${refused}, not at the service`,
          );
        }
        ({ audio } = await client.downloadAudio(link));
        requests++;
        durationSeconds = typeof done.duration_seconds === 'number' ? done.duration_seconds : undefined;
      }
      if (!audio) throw new PluginJobError('invalid_response', 'The speech service answered without audio. Generate it again.');
      // Checked as a WAV file before it is stored: the Media Library would serve anything as audio/wav.
      // What the service counted is recorded either way (today's use).
      const problem = wavProblem(audio);
      if (!problem) durationSeconds ??= wavDurationSeconds(audio);
      await getService(strapi, 'spending').saveResult(job, { ...job.result, textHash }, { requests, audioSeconds: durationSeconds ?? 0 });
      if (problem)
        throw new PluginJobError(
          'invalid_response',
          problem,
          `refused the audio of ${job.contentType} ${job.entryDocumentId} (${job.locale}): ${problem}`,
        );

      const dir = await mkdtemp(join(tmpdir(), 'circassian-audio-'));
      try {
        const wav = join(dir, audioFileName(entry, job.entryDocumentId, job.locale, 'wav'));
        await writeFile(wav, audio);
        // MP3 where this server can encode it (a tenth of the size; what podcast apps take), else the service's WAV.
        const stored = await storedAudio(wav, findEncoder(), (reason) =>
          strapi.log.warn(`[circassian] audio of ${job.contentType} ${job.entryDocumentId} (${job.locale}) kept as WAV: ${reason}`),
        );
        const name = audioFileName(entry, job.entryDocumentId, job.locale, stored.extension);
        const upload = strapi.plugin('upload').service('upload') as UploadService;
        const folder = await audioFolder();
        const fileInfo = {
          name,
          alternativeText: `${language} audio${durationSeconds ? `, ${durationSeconds.toFixed(1)} s` : ''}`,
          folder,
        };
        const file = { filepath: stored.filepath, originalFilename: name, mimetype: stored.mimetype, size: stored.size };
        // Audio made again replaces the plugin's own file in place (same id, so every version that
        // links it, and the Media Library, keep one file of that name); a file an editor put there
        // (outside the plugin's folder) is left alone and a new one is linked instead.
        const own = await ownAudioFile(entry[mapping.to], folder);
        if (own !== undefined) await upload.replace(own, { data: { fileInfo }, file });
        else {
          const [made] = await upload.upload({ data: { fileInfo }, files: file });
          if (!made) throw new Error('the upload plugin stored no file');
          // The plugin's own write: no editor's correction for the translation memory to learn.
          await asPluginWrite({ ownAudio: true }, () =>
            strapi
              .documents(job.contentType)
              .update({ documentId: job.entryDocumentId, locale: job.locale, data: { [mapping.to]: made.id } }),
          );
        }
        // Recorded before publishing: a publish of the target by anyone else queues its audio
        // (audio on publish), and that job must find this audio already made for this text.
        await record(job, { outcome: 'made' }, textHash);
        if (settings.publication === 'follow' && (await onlyAudioUnpublished(job, mapping.to)))
          await asPluginWrite({ ownAudio: true }, () =>
            strapi.documents(job.contentType).publish({ documentId: job.entryDocumentId, locale: job.locale }),
          );
        return { outcome: 'made' };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};
