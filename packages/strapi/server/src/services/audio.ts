// Speech from a text field into a media field, through the upload plugin. Short text comes back
// at once; long text is a service job whose id is saved on the queue row before waiting, so a
// restart resumes the job instead of paying for the speech again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Strapi } from '../strapi';
import { deepPopulate } from '../translation/populate';
import { hashValue } from '../translation/hash';
import { STATE_UID } from '../uids';
import type { Job } from './queue';
import { getService } from './get-service';

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
    return parts.join('').replace(/\n{2,}/g, '\n').trim();
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
    const state = await strapi.db.query(STATE_UID).findOne({ where: { contentType: job.contentType, entryDocumentId: job.entryDocumentId, locale: job.locale } });
    if (state?.audioHash === textHash && entry[mapping.to]) return false;

    const client = getService(strapi, 'client').get();
    const queue = getService(strapi, 'queue');
    let audio: Uint8Array;
    let durationSeconds: number | undefined;
    const savedJobId = job.result?.speechJobId as string | undefined;
    if (savedJobId && job.result?.textHash === textHash) {
      ({ audio, durationSeconds } = await client.resumeSpeech(savedJobId, { onProgress: () => void queue.extend(job) }));
    } else {
      const submitted = await client.submitSpeech({
        text,
        language: language as never,
        ...(mapping.voice ? { voice: mapping.voice as never } : {}),
        ...(mapping.speed ? { speed: mapping.speed } : {}),
      });
      if (submitted.kind === 'audio') ({ audio, durationSeconds } = submitted);
      else {
        await queue.saveResult(job, { speechJobId: submitted.job.job_id, textHash });
        ({ audio, durationSeconds } = await client.resumeSpeech(submitted.job.job_id, { onProgress: () => void queue.extend(job) }));
      }
    }

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
      await strapi.documents(job.contentType).update({ documentId: job.entryDocumentId, locale: job.locale, data: { [mapping.to]: file.id } });
      const published = await strapi.documents(job.contentType).findOne({ documentId: job.entryDocumentId, locale: job.locale, status: 'published', fields: ['id'] });
      if (published && settings.publication === 'follow') await strapi.documents(job.contentType).publish({ documentId: job.entryDocumentId, locale: job.locale });
      if (state) await strapi.db.query(STATE_UID).update({ where: { id: state.id }, data: { audioHash: textHash } });
      else await strapi.db.query(STATE_UID).create({ data: { documentId: `${job.entryDocumentId}-${job.locale}`, contentType: job.contentType, entryDocumentId: job.entryDocumentId, locale: job.locale, audioHash: textHash } });
      return true;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
});
