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
import { STATE_UID } from '../uids';
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

/** The words of a Markdown or blocks value, without markup: what a listener should hear. */
export function speakableText(value: unknown): string {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const { type, text, children } = node as { type?: string; text?: string; children?: unknown[] };
      if (type === 'code') return;
      if (typeof text === 'string') parts.push(text);
      if (Array.isArray(children)) children.forEach(walk);
      if (type === 'paragraph' || type === 'heading' || type === 'list-item' || type === 'quote') parts.push('\n');
    };
    value.forEach(walk);
    return parts
      .join('')
      .replace(/\n{2,}/g, '\n')
      .trim();
  }
  if (typeof value !== 'string') return '';
  return value
    .replace(/^\s*(```|~~~)[\s\S]*?^\s*\1\s*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|[*_~])/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export default ({ strapi }: { strapi: Strapi }) => ({
  /** Makes the audio for one (entry, locale) job; true when a file was written. */
  async run(job: Job): Promise<boolean> {
    const settings = getService(strapi, 'settings').contentType(job.contentType);
    const schema = strapi.contentTypes[job.contentType];
    const mapping = settings?.audio.find((candidate) => candidate.locales.includes(job.locale));
    if (!settings || !schema || !mapping) return false;
    const entry = await strapi.documents(job.contentType).findOne({
      documentId: job.entryDocumentId,
      locale: job.locale,
      populate: deepPopulate(schema, (uid) => strapi.components[uid]),
    });
    const text = speakableText(entry?.[mapping.from]);
    if (!entry || !text) return false;
    const language = getService(strapi, 'settings').languageOf(job.locale) ?? job.locale;
    const textHash = hashValue({ text, language, voice: mapping.voice ?? null, speed: mapping.speed ?? null });
    const state = await strapi.db
      .query(STATE_UID)
      .findOne({ where: { contentType: job.contentType, entryDocumentId: job.entryDocumentId, locale: job.locale } });
    if (state?.audioHash === textHash && entry[mapping.to]) return false;

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
        await queue.saveResult(job, { speechJobId, textHash });
      }
    }
    if (speechJobId) {
      // The job's steps one by one, so its audio link is checked before anything is fetched.
      const done = await client.waitForJob(speechJobId, { onProgress: () => void queue.extend(job) });
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
      durationSeconds = typeof done.duration_seconds === 'number' ? done.duration_seconds : wavDurationSeconds(audio);
    }
    if (!audio) throw new PluginJobError('invalid_response', 'The speech service answered without audio. Generate it again.');

    const dir = await mkdtemp(join(tmpdir(), 'circassian-audio-'));
    try {
      const name = `${job.entryDocumentId}-${job.locale}-${mapping.from}.wav`;
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
      const published = await strapi
        .documents(job.contentType)
        .findOne({ documentId: job.entryDocumentId, locale: job.locale, status: 'published', fields: ['id'] });
      if (published && settings.publication === 'follow')
        await strapi.documents(job.contentType).publish({ documentId: job.entryDocumentId, locale: job.locale });
      if (state) await strapi.db.query(STATE_UID).update({ where: { id: state.id }, data: { audioHash: textHash } });
      else
        await strapi.db.query(STATE_UID).create({
          data: {
            documentId: `${job.entryDocumentId}-${job.locale}`,
            contentType: job.contentType,
            entryDocumentId: job.entryDocumentId,
            locale: job.locale,
            audioHash: textHash,
          },
        });
      return true;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
});
