// The batching: every text of every planned job for one target language goes out in as few
// `translateBatch` requests as the service's limits allow (repeats sent once), and each answer is
// saved on its jobs before the next request (a quota running out or a kill loses nothing paid
// for; answers already on a job row are reused, not bought again). What each request spent is
// counted once, on the first job that used it: today's use is the jobs' sum.
import type { Strapi } from '../strapi';
import { chunkTexts } from '../translation/chunks';
import { characterCount } from '@circassian/core/text';
import type { WorkItem } from './writer';
import { getService } from './get-service';

export default ({ strapi }: { strapi: Strapi }) => ({
  /** The translation of each item's texts, by item; throws a service error for the worker to pause or retry. */
  async translate(items: readonly WorkItem[]): Promise<Map<WorkItem, Map<string, string>>> {
    const queue = getService(strapi, 'queue');
    const settingsService = () => getService(strapi, 'settings');
    // One batch call per target language over every job's texts; answers already on a job row
    // (a run cut short after the service answered) are reused, not bought again.
    const byLanguage = new Map<string, { source: string; items: WorkItem[] }>();
    for (const item of items) {
      const sourceLanguage = settingsService().languageOf(item.settings.sourceLocale) ?? item.settings.sourceLocale;
      const key = `${sourceLanguage}>${item.language}`;
      const group = byLanguage.get(key) ?? { source: sourceLanguage, items: [] };
      group.items.push(item);
      byLanguage.set(key, group);
    }
    const client = getService(strapi, 'client').get();
    const translations = new Map<WorkItem, Map<string, string>>();
    for (const [key, group] of byLanguage) {
      const target = key.split('>')[1] as string;
      const needed = new Set<string>();
      for (const item of group.items) {
        const saved = (item.job.result?.translations ?? {}) as Record<string, string>;
        const map = new Map(Object.entries(saved));
        translations.set(item, map);
        for (const text of item.texts) if (!map.has(text)) needed.add(text);
      }
      // One request per chunk, each answer saved on its jobs before the next is sent: a quota
      // running out (or a kill) in the middle of a language loses no answer already paid for.
      const counted = new Set<string>();
      for (const chunk of chunkTexts([...needed])) {
        const { translations: answers } = await client.translateBatch({
          texts: chunk,
          target_lang: target as never,
          ...(group.source !== target ? { source_lang: group.source as never } : {}),
        });
        const answered = new Map(chunk.map((text, index) => [text, answers[index] ?? text]));
        // The request and its characters (the service counts the text sent and the answer) are
        // counted once, on the first job that used this chunk: today's use is the jobs' sum.
        let requestCounted = false;
        for (const item of group.items) {
          const map = translations.get(item) as Map<string, string>;
          let sentChars = 0;
          let usedChars = 0;
          for (const text of new Set(item.texts)) {
            const answer = answered.get(text);
            if (answer === undefined || map.has(text)) continue;
            map.set(text, answer);
            sentChars += characterCount(text);
            if (!counted.has(text)) usedChars += characterCount(text) + characterCount(answer);
            counted.add(text);
          }
          if (sentChars === 0) continue;
          await queue.saveResult(
            item.job,
            { ...item.job.result, translations: Object.fromEntries(map) },
            { sentChars, usedChars, requests: requestCounted ? 0 : 1 },
          );
          requestCounted = true;
        }
      }
    }
    return translations;
  },
});
