// The WordPress corpus (packages/wordpress/test/corpus): posts and pages written the way ten-year-old
// blogs hold them, read by the PHP tests, the end-to-end cases and the corpus bench alike, and what
// in them is not words.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { restFromPage } from '@circassian/test-support/hosts/wordpress/testing.js';

const CORPUS = new URL('../../../packages/wordpress/test/corpus/', import.meta.url);

/** One post or page of the corpus, as corpus.json describes it beside its content (<name>.txt). */
export interface CorpusEntry {
  readonly name: string;
  /** Its REST collection: `posts` or `pages`. */
  readonly type: 'posts' | 'pages';
  readonly title: string;
  readonly status: 'publish' | 'private' | 'future';
  readonly password?: string;
  readonly sticky?: boolean;
  /** The entry whose child it is (a page's parent). */
  readonly parent?: string;
  /** Whether anyone may read it, so post audio voices it. */
  readonly voiced: boolean;
}

/** Every entry of the corpus, parents before their children. */
export const CORPUS_ENTRIES: readonly CorpusEntry[] = (
  JSON.parse(readFileSync(new URL('corpus.json', CORPUS), 'utf8')) as { entries: CorpusEntry[] }
).entries;

/** A corpus entry's content, as stored in post_content. */
export function corpusContent(name: string): string {
  return readFileSync(new URL(`${name}.txt`, CORPUS), 'utf8');
}

/**
 * Stores a corpus entry through the REST API as its author would (status, password, sticky, a
 * scheduled date a day ahead, its parent from `made`) and returns its id and link.
 */
export async function createCorpusEntry(
  page: Page,
  entry: CorpusEntry,
  made: ReadonlyMap<string, number> = new Map(),
): Promise<{ id: number; link: string }> {
  const parent = entry.parent === undefined ? undefined : made.get(entry.parent);
  if (entry.parent !== undefined && parent === undefined) throw new Error(`${entry.name}: its parent ${entry.parent} is not made yet`);
  const created = await restFromPage(page, `wp/v2/${entry.type}`, 'POST', {
    title: entry.title,
    content: corpusContent(entry.name),
    status: entry.status,
    ...(entry.password === undefined ? {} : { password: entry.password }),
    ...(entry.sticky === undefined ? {} : { sticky: entry.sticky }),
    ...(parent === undefined ? {} : { parent }),
    ...(entry.status === 'future' ? { date_gmt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 19) } : {}),
  });
  if (created.status !== 201) throw new Error(`${entry.name}: creating it answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body as { id: number; link: string };
}

/** Every shortcode tag, URL and HTML comment in `html`, in order: what must come back byte-identical. */
export function keptTokens(html: string): string[] {
  return [...html.matchAll(/\[\/?[a-z][\w-]*(?:\s[^\]]*)?\]|https?:\/\/[^\s<>"'[\]]*[^\s<>"'[\].,;:!?)]|<!--(?:more|nextpage)-->/gi)].map(
    (match) => match[0],
  );
}

/** Whether a text sent to the service holds anything but words: a bracket, a URL, a shortcode's or embed's name, a page break. */
export const NOT_WORDS =
  /[[\]]|https?:|www\.|<!--|gallery|caption|playlist|contact-form|youtube|vimeo|\baudio\b|\bvideo\b|\bembed\b|\bnote\b|mp3|mp4/i;

/** Whether a text sent to the service holds words once its markers are taken out (a field of kept tokens only holds none). */
export const hasWords = (text: string): boolean => /\p{L}/u.test(text.replace(/<\/?x\d+\/?>/g, ''));
