// Speech from text fields into a media field, through the upload plugin and core's speech memory:
// each field is voiced sentence by sentence, every sentence's audio kept in the database
// (speech-parts-table.ts) the moment it arrives, so an edit re-voices only the sentences whose text
// changed, a sentence any entry had before costs nothing, and a kill after an answer loses nothing
// (the retried job finds the part stored). A part the service makes a job of has its job id saved on
// the queue row before waiting (resumable-speech.ts), so a restart resumes it. The fields are joined
// with a pause; the sentences' timings and a WebVTT transcript go beside the audio (read-along.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cleanSpeechStore, splitSentences, SpeechMemory, toWebVtt, type SpeechTimings, type VoicedText } from '@circassian/core';
import type { Strapi } from '../strapi';
import type { AudioService } from '../types/services';
import { deepPopulate } from '../translation/populate';
import { planFields } from '../translation/fields';
import { publishedAsDrafted } from '../translation/planner';
import { loadDocument } from '../utils/documents';
import type { Job } from '../types/jobs';
import { getService } from '../utils/get-service';
import { joinVoicedFields } from '../utils/joined-fields';
import { speakSaidAs } from '../utils/said-as';
import { partKeysOf, readAlongOf, withReadAlong, type TranscriptFile } from '../utils/read-along';
import { resumableSpeech, type SavedSpeechJob } from '../utils/resumable-speech';
import { DatabaseSpeechStore, prepareSpeechPartsTable } from '../utils/speech-parts-table';
import { planAudio } from '../utils/audio-plan';
import { localeName } from '../utils/locale-name';
import { AUDIO_FOLDER_NAME, SPEECH_MEMORY_CLEAN_EVERY_MS, UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../constants';
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

/** The speech job a killed run of this queue row left under way (saved by resumableSpeech), if any. */
function savedSpeechJob(job: Job): SavedSpeechJob | undefined {
  const saved = job.result?.speechJob as Partial<SavedSpeechJob> | undefined;
  return typeof saved?.key === 'string' && typeof saved.jobId === 'string' ? { key: saved.key, jobId: saved.jobId } : undefined;
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

  /** A Media Library file's id, url and provider_metadata (null when it is gone). */
  const fileRow = async (id: number): Promise<{ id: number; url?: string; provider_metadata?: unknown } | null> =>
    (await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id }, select: ['id', 'url', 'provider_metadata'] })) as {
      id: number;
      url?: string;
      provider_metadata?: unknown;
    } | null;

  /** Replaces the plugin's file `own` in place (same id), or uploads a new one (`made`). */
  const storeFile = async (
    own: number | undefined,
    input: { data: Record<string, unknown>; file: Record<string, unknown> },
  ): Promise<{ id: number; made: boolean }> => {
    const upload = strapi.plugin('upload').service('upload') as UploadService;
    if (own !== undefined) {
      await upload.replace(own, input);
      return { id: own, made: false };
    }
    const [made] = await upload.upload({ data: input.data, files: input.file });
    if (!made) throw new Error('the upload plugin stored no file');
    return { id: made.id, made: true };
  };

  /**
   * The audio's WebVTT transcript (one cue per sentence) in the plugin's folder, beside the audio:
   * the one made with the audio before replaced in place, else a new file.
   */
  const storeTranscript = async (input: {
    path: string;
    timings: SpeechTimings;
    language: string;
    folder: number;
    previous: TranscriptFile | null;
  }): Promise<TranscriptFile> => {
    const vtt = toWebVtt(input.timings);
    await writeFile(input.path, vtt, 'utf8');
    const name = basename(input.path);
    const fileInfo = { name, alternativeText: `${input.language} transcript`, folder: input.folder };
    const file = { filepath: input.path, originalFilename: name, mimetype: 'text/vtt', size: Buffer.byteLength(vtt) };
    const previous = input.previous ? await ownAudioFile({ id: input.previous.id }, input.folder) : undefined;
    const { id } = await storeFile(previous, { data: { fileInfo }, file });
    return { id, url: (await fileRow(id))?.url ?? '' };
  };

  /** The database's speech store, its table made once per process (bootstrap makes it too). */
  let partsTable: Promise<DatabaseSpeechStore> | undefined;
  const speechStore = (): Promise<DatabaseSpeechStore> => {
    const { connection, dialect } = strapi.db;
    partsTable ??= prepareSpeechPartsTable(connection, dialect.client).then(
      () => new DatabaseSpeechStore(connection, dialect.client),
      (error: unknown) => {
        partsTable = undefined;
        throw error;
      },
    );
    return partsTable;
  };

  /**
   * The speech memory's limits (config `speechMemory`): sentences no entry's audio uses and unused
   * for the grace period go, then the least recently used until under the size cap. Those an audio
   * in the plugin's folder uses (its timings list their keys) stay, so an old entry's next edit still
   * re-voices only what changed. Run after audio is made, at most every few hours per instance.
   */
  let cleanedAt = 0;
  const cleanSpeechParts = async (folder: number): Promise<void> => {
    if (Date.now() - cleanedAt < SPEECH_MEMORY_CLEAN_EVERY_MS) return;
    cleanedAt = Date.now();
    const files = (await strapi.db
      .query(UPLOAD_FILE_UID)
      .findMany({ where: { folder: { id: folder } }, select: ['id', 'provider_metadata'] })) as Array<{ provider_metadata?: unknown }>;
    const inUse = new Set(files.flatMap((file) => partKeysOf(readAlongOf(file.provider_metadata))));
    const limits = getService(strapi, 'settings').config().speechMemory;
    const cleanup = await cleanSpeechStore(await speechStore(), { ...limits, keep: (key) => inUse.has(key) });
    if (cleanup.removed > 0)
      strapi.log.info(`[circassian] speech memory: removed ${cleanup.removed} unused sentences' audio (${cleanup.removedBytes} bytes)`);
    if (cleanup.overCap)
      strapi.log.warn(
        `[circassian] speech memory: ${cleanup.bytes} bytes, over speechMemory.maxBytes (${limits.maxBytes}), all of it used by entries' audio`,
      );
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
      const { entry, fieldTexts, textHash, voice, speed } = plan;
      const spending = getService(strapi, 'spending');
      const queue = getService(strapi, 'queue');
      const speech = resumableSpeech({
        client: getService(strapi, 'client').get(),
        baseUrl: getService(strapi, 'settings').config().baseUrl,
        saved: savedSpeechJob(job),
        // The job id goes on the queue row before the wait: a restart resumes it, never buys it again.
        save: (speechJob, requests) => spending.saveResult(job, { ...job.result, textHash, speechJob }, { requests }),
        onStep: () => void queue.extend(job),
        describe: `${job.contentType} ${job.entryDocumentId} (${job.locale})`,
      });
      const memory = new SpeechMemory(await speechStore());
      const glossary = await getService(strapi, 'glossary').current();
      let voiced: ReturnType<typeof joinVoicedFields>;
      try {
        const fields: VoicedText[] = [];
        // Field by field (title, then body): a pause goes between them, not between a field's sentences.
        // The glossary's respellings go into each speech request only (said-as.ts).
        for (const text of fieldTexts.filter((candidate) => splitSentences(candidate).length > 0))
          fields.push(
            await speakSaidAs(
              memory,
              speech,
              {
                text,
                language: language as never,
                ...(voice ? { voice: voice as never } : {}),
                ...(speed ? { speed } : {}),
              },
              glossary,
            ),
          );
        voiced = joinVoicedFields(fields);
      } finally {
        // What the service counted is recorded either way (today's use): parts from the store cost nothing.
        const { requests, seconds } = speech.unsaved();
        await spending.saveResult(job, { ...job.result, textHash }, { requests, audioSeconds: seconds });
      }
      const durationSeconds = voiced.durationSeconds;

      const dir = await mkdtemp(join(tmpdir(), 'circassian-audio-'));
      try {
        const wav = join(dir, audioFileName(entry, job.entryDocumentId, job.locale, 'wav'));
        await writeFile(wav, voiced.audio);
        // MP3 where this server can encode it (a tenth of the size; what podcast apps take), else the service's WAV.
        const stored = await storedAudio(wav, findEncoder(), (reason) =>
          strapi.log.warn(`[circassian] audio of ${job.contentType} ${job.entryDocumentId} (${job.locale}) kept as WAV: ${reason}`),
        );
        const name = audioFileName(entry, job.entryDocumentId, job.locale, stored.extension);
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
        // Read before the replace: the transcript made with the audio before is replaced in place too.
        const before = own === undefined ? undefined : readAlongOf((await fileRow(own))?.provider_metadata);
        const { id: audioId, made } = await storeFile(own, { data: { fileInfo }, file });
        if (made) {
          // The plugin's own write: no editor's correction for the translation memory to learn.
          await asPluginWrite({ ownAudio: true }, () =>
            strapi
              .documents(job.contentType)
              .update({ documentId: job.entryDocumentId, locale: job.locale, data: { [mapping.to]: audioId } }),
          );
        }
        const transcript = await storeTranscript({
          path: join(dir, audioFileName(entry, job.entryDocumentId, job.locale, 'vtt')),
          timings: voiced.timings,
          language,
          folder,
          previous: before?.transcript ?? null,
        });
        await strapi.db.query(UPLOAD_FILE_UID).update({
          where: { id: audioId },
          data: { provider_metadata: withReadAlong((await fileRow(audioId))?.provider_metadata, { timings: voiced.timings, transcript }) },
        });
        // Recorded before publishing: a publish of the target by anyone else queues its audio
        // (audio on publish), and that job must find this audio already made for this text.
        await record(job, { outcome: 'made' }, textHash);
        await cleanSpeechParts(folder).catch((error: unknown) =>
          strapi.log.warn(`[circassian] speech memory cleanup failed: ${error instanceof Error ? error.message : String(error)}`),
        );
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
