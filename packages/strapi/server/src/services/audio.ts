// Speech from a text field into a media field, through the upload plugin. Short text comes back
// at once; long text is a service job whose id is saved on the queue row before waiting, so a
// restart resumes the job instead of paying for the speech again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavDurationSeconds } from '@circassian/core/wav';
import type { Strapi } from '../strapi';
import { deepPopulate } from '../translation/populate';
import { hashValue } from '../translation/hash';
import type { Job } from './queue';
import { getService } from './get-service';
import { PluginJobError } from './errors';

/**
 * The origin an audio link points at when it is not the service's own (null when it is, or when
 * the link is a path on the service). Audio is fetched and published only from the service.
 */
export function foreignOrigin(link: string, baseUrl: string | undefined): string | null {
  if (!/^([a-z][a-z0-9+.-]*:)?\/\//i.test(link)) return null;
  let origin: string;
  try {
    origin = new URL(link, baseUrl).origin;
  } catch {
    return 'an address that is not a URL';
  }
  return baseUrl && origin === new URL(baseUrl).origin ? null : origin;
}

/**
 * The words of a Markdown or blocks value, as a listener should hear them: link text kept, link
 * targets, bare URLs, images, inline and fenced code, HTML and markup dropped.
 */
export function speakableText(value: unknown): string {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const { type, text, code, children } = node as { type?: string; text?: string; code?: boolean; children?: unknown[] };
      if (type === 'code' || type === 'image' || code === true) return;
      if (typeof text === 'string') parts.push(text);
      if (Array.isArray(children)) children.forEach(walk);
      if (type === 'paragraph' || type === 'heading' || type === 'list-item' || type === 'quote') parts.push('\n');
    };
    value.forEach(walk);
    return tidy(withoutUrls(parts.join('')));
  }
  if (typeof value !== 'string') return '';
  return tidy(
    withoutUrls(
      value
        .replace(/^\s*(```|~~~)[\s\S]*?^\s*\1\s*$/gm, '')
        .replace(new RegExp(`!\\[${LINK_TEXT}\\]\\([^)]*\\)`, 'g'), '')
        .replace(new RegExp(`\\[(${LINK_TEXT})\\]\\([^)]*\\)`, 'g'), '$1')
        .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
        .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
        .replace(/`[^`\n]*`/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/^[ \t]*(#{1,6}|>|[-*+]|\d+[.)])[ \t]+/gm, '')
        .replace(/(\*\*|__|[*_~])/g, ''),
    ),
  );
}

/** A link's text, which may hold one level of brackets itself (`[[kbd] ссылка](...)`). */
const LINK_TEXT = String.raw`(?:[^\[\]]|\[[^\]]*\])*`;

/** Bare addresses are not read aloud (link text is, above). */
const withoutUrls = (text: string): string => text.replace(/\b(https?:\/\/|www\.)[^\s)\]]*[^\s)\].,;:!?]/gi, '');

/** Spaces and blank lines left by what was dropped, folded; no space before punctuation. */
const tidy = (text: string): string =>
  text
    .replace(/[ \t]+/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** What became of one audio job, kept per entry and locale for the edit-view panel. */
export interface AudioOutcome {
  outcome: 'made' | 'skipped' | 'failed';
  /** Why it was skipped or failed, in an editor's words. */
  note?: string;
}

export default ({ strapi }: { strapi: Strapi }) => {
  const store = () => getService(strapi, 'stateStore');
  const keyOf = (job: Job) => ({ contentType: job.contentType, entryDocumentId: job.entryDocumentId, locale: job.locale });
  const stateOf = (job: Job) => store().row(keyOf(job));

  /** Records the outcome (and, for audio made, the hash of what was read) on the entry's state row. */
  const record = async (job: Job, { outcome, note }: AudioOutcome, textHash?: string): Promise<void> => {
    // audioAt is when audio was last made: a later skip or failure keeps it, so the panel can say both.
    await store().upsert(keyOf(job), {
      audioOutcome: outcome,
      audioNote: note ?? null,
      ...(outcome === 'made' ? { audioAt: new Date() } : {}),
      ...(textHash ? { audioHash: textHash } : {}),
    });
  };

  return {
    record,

    /** Makes the audio for one (entry, locale) job, or records why none was made; never drops one silently. */
    async run(job: Job): Promise<AudioOutcome> {
      const settings = getService(strapi, 'settings').contentType(job.contentType);
      const schema = strapi.contentTypes[job.contentType];
      const mapping = settings?.audio.find((candidate) => candidate.locales.includes(job.locale));
      const skip = async (note: string): Promise<AudioOutcome> => {
        const outcome: AudioOutcome = { outcome: 'skipped', note };
        await record(job, outcome);
        return outcome;
      };
      if (!settings || !schema || !mapping) return skip(`Audio is not configured for ${job.locale} any more.`);
      const entry = await strapi.documents(job.contentType).findOne({
        documentId: job.entryDocumentId,
        locale: job.locale,
        populate: deepPopulate(schema, (uid) => strapi.components[uid]),
      });
      if (!entry) return skip(`This entry has no ${job.locale} version yet, so there was nothing to read.`);
      const text = speakableText(entry[mapping.from]);
      if (!text) return skip(`The field "${mapping.from}" has no text to read in ${job.locale}.`);
      const language = getService(strapi, 'settings').languageOf(job.locale) ?? job.locale;
      const textHash = hashValue({ text, language, voice: mapping.voice ?? null, speed: mapping.speed ?? null });
      const state = await stateOf(job);
      if (state?.audioHash === textHash && entry[mapping.to]) {
        // Asked for by an editor: say why nothing was made. Queued by a publish (the plugin's own
        // publish after it saved this audio, or a re-publish): the status stays "made".
        if (job.result?.forcedBy) return skip('The text did not change since the audio was made, so it was not made again.');
        return { outcome: 'skipped', note: 'unchanged' };
      }

      const client = getService(strapi, 'client').get();
      const queue = getService(strapi, 'queue');
      let audio: Uint8Array | undefined;
      let durationSeconds: number | undefined;
      let speechJobId = job.result?.textHash === textHash ? (job.result?.speechJobId as string | undefined) : undefined;
      if (!speechJobId) {
        const submitted = await client.submitSpeech({
          text,
          language: language as never,
          ...(mapping.voice ? { voice: mapping.voice as never } : {}),
          ...(mapping.speed ? { speed: mapping.speed } : {}),
        });
        if (submitted.kind === 'audio') ({ audio, durationSeconds } = submitted);
        else {
          speechJobId = submitted.job.job_id;
          await queue.saveResult(job, { speechJobId, textHash }, { requests: 1 });
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
        durationSeconds = typeof done.duration_seconds === 'number' ? done.duration_seconds : wavDurationSeconds(audio);
      }
      if (!audio) throw new PluginJobError('invalid_response', 'The speech service answered without audio. Generate it again.');
      await queue.saveResult(job, { ...job.result, textHash }, { requests, audioSeconds: durationSeconds ?? wavDurationSeconds(audio) });

      const dir = await mkdtemp(join(tmpdir(), 'circassian-audio-'));
      try {
        const name = audioFileName(entry, job.entryDocumentId, job.locale);
        const filepath = join(dir, name);
        await writeFile(filepath, audio);
        const upload = strapi.plugin('upload').service('upload') as {
          upload(input: { data: Record<string, unknown>; files: Record<string, unknown> }): Promise<Array<{ id: number }>>;
        };
        const [file] = await upload.upload({
          data: { fileInfo: { name, alternativeText: `${language} audio${durationSeconds ? `, ${durationSeconds.toFixed(1)} s` : ''}` } },
          files: { filepath, originalFilename: name, mimetype: 'audio/wav', size: audio.byteLength },
        });
        if (!file) throw new Error('the upload plugin stored no file');
        await strapi
          .documents(job.contentType)
          .update({ documentId: job.entryDocumentId, locale: job.locale, data: { [mapping.to]: file.id } });
        // Recorded before publishing: publishing a target queues its audio (audio on publish), and
        // that job must find this audio already made for this text.
        await record(job, { outcome: 'made' }, textHash);
        const published = await strapi
          .documents(job.contentType)
          .findOne({ documentId: job.entryDocumentId, locale: job.locale, status: 'published', fields: ['id'] });
        if (published && settings.publication === 'follow')
          await strapi.documents(job.contentType).publish({ documentId: job.entryDocumentId, locale: job.locale });
        return { outcome: 'made' };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};

/** `<slug>-<locale>.wav` when the entry has a slug, else the document id: a name a person can find in the Media Library. */
export function audioFileName(entry: Record<string, unknown>, documentId: string, locale: string): string {
  const slug = typeof entry.slug === 'string' && entry.slug ? entry.slug : documentId;
  return `${slug.replace(/[^\p{L}\p{N}_-]+/gu, '-')}-${locale}.wav`;
}
