// `pnpm bench wordpress-corpus`: what the plugin sends to the service for each post and page of the
// WordPress corpus (test/corpus: classic and block posts, sticky, password-protected, private and
// scheduled posts, a page with shortcodes, a child page) in a real WordPress (newest line) against
// the local service, read from the service's call log. Beside it, in the same run, each entry's
// human characters (its title and words: no markup, shortcode tag, URL or page break; aim 1.00x)
// and the naive whole-post text a plugin sends when it only strips the HTML (shortcodes and URLs
// left in), the baseline.
//  1. Translation ("Translate post into a new draft" from the editor's sidebar): characters sent.
//  2. Post audio (published with post audio on for posts and pages): characters voiced, none for
//     a post nobody may read.
import { readFileSync } from 'node:fs';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { logIn, openPost, restFromPage, startTestSite, translatePostIntoDraft } from '@circassian/test-support/hosts/wordpress/testing.js';

const CORPUS = new URL('../test/corpus/', import.meta.url);

interface Entry {
  readonly name: string;
  readonly type: 'posts' | 'pages';
  readonly title: string;
  readonly status: string;
  readonly password?: string;
  readonly sticky?: boolean;
  readonly parent?: string;
  readonly voiced: boolean;
}

const { entries } = JSON.parse(readFileSync(new URL('corpus.json', CORPUS), 'utf8')) as { entries: Entry[] };
const content = (entry: Entry): string => readFileSync(new URL(`${entry.name}.txt`, CORPUS), 'utf8');

/** HTML tags and comments (block delimiters, more, nextpage) out, entities decoded, spaces as one. */
const stripHtml = (html: string): string =>
  html
    .replace(/<!--[\s\S]*?-->|<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
/** The words a human wrote: the title, then the content without shortcode tags and URLs. */
const human = (entry: Entry): string =>
  `${entry.title} ${stripHtml(content(entry).replace(/\[\/?[a-z][\w-]*(?:\s[^\]]*)?\]|https?:\/\/[^\s<>"'[\]]*[^\s<>"'[\].,;:!?)]/gi, ' '))}`;
/** What a plugin that only strips the HTML sends: the title and the whole text, shortcodes and URLs in it. */
const naive = (entry: Entry): string => `${entry.title} ${stripHtml(content(entry))}`;

interface Call {
  readonly operation: string;
  readonly content?: { request?: { texts?: string[]; text?: string } };
}

const ratio = (sent: number, of: number): string => `${(sent / of).toFixed(2)}x`;
const cell = (chars: number | null, of: number): string => (chars === null ? 'not voiced' : `${chars} (${ratio(chars, of)})`).padEnd(16);

const site = await startTestSite(NEWEST_LINE);
try {
  const { page } = await logIn(site.browser, site.ready.url, site.ready.admin);
  await page.goto(`${site.ready.url}/wp-admin/`);
  await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post', 'page'], placement: 'after' } });
  const calls = async (operation: string): Promise<Call[]> => (await site.sandbox.admin.calls({ operation, limit: 10_000 })) as Call[];

  const rows: Array<{ entry: Entry; human: number; naive: number; translation: number; speech: number | null }> = [];
  const made = new Map<string, number>();
  for (const entry of entries) {
    const parent = entry.parent === undefined ? undefined : made.get(entry.parent);
    const created = await restFromPage(page, `wp/v2/${entry.type}`, 'POST', {
      title: entry.title,
      content: content(entry),
      status: entry.status,
      ...(entry.password === undefined ? {} : { password: entry.password }),
      ...(entry.sticky === undefined ? {} : { sticky: entry.sticky }),
      ...(parent === undefined ? {} : { parent }),
      ...(entry.status === 'future' ? { date_gmt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 19) } : {}),
    });
    if (created.status !== 201) throw new Error(`${entry.name}: ${created.status} ${JSON.stringify(created.body)}`);
    const { id, link } = created.body as { id: number; link: string };
    made.set(entry.name, id);

    const batchesBefore = (await calls('batch')).length;
    await openPost(page, site.ready.url, id);
    await translatePostIntoDraft(page, 'kbd', { timeoutMs: 60_000 });
    const batches = await calls('batch');
    const translation = batches
      .slice(0, batches.length - batchesBefore)
      .flatMap((call) => call.content?.request?.texts ?? [])
      .reduce((sum, text) => sum + text.length, 0);

    // Post audio is made by WP-Cron: a visit runs it, and the player shows when it is done.
    let speech: number | null = null;
    if (entry.voiced) {
      const started = Date.now();
      while (speech === null && Date.now() - started < 120_000) {
        await page.request.get(`${site.ready.url}/wp-cron.php`);
        const voiced = (await calls('speech')).find((call) => call.content?.request?.text?.startsWith(`${entry.title}\n`));
        if (voiced) speech = voiced.content?.request?.text?.length ?? 0;
        else await new Promise((resolve) => setTimeout(resolve, 500));
      }
      if (speech === null) throw new Error(`${entry.name}: no post audio within two minutes (${link})`);
    }
    rows.push({ entry, human: human(entry).length, naive: naive(entry).length, translation, speech });
  }
  const leaked = (await calls('speech')).filter((call) =>
    entries.some((entry) => !entry.voiced && call.content?.request?.text?.startsWith(`${entry.title}\n`)),
  );

  console.log(`Characters sent to the service per corpus entry (WordPress ${site.ready.wordpress}), beside its human characters`);
  console.log('(title and words; aim 1.00x) and the naive whole-post text (HTML stripped, shortcodes and URLs left in)\n');
  console.log(`  ${'corpus'.padEnd(22)}${'human'.padEnd(8)}${'translation'.padEnd(16)}${'post audio'.padEnd(16)}naive whole text`);
  for (const row of rows) {
    console.log(
      `  ${row.entry.name.padEnd(22)}${String(row.human).padEnd(8)}${cell(row.translation, row.human)}${cell(row.speech, row.human)}${row.naive} (${ratio(row.naive, row.human)})`,
    );
  }
  const sum = (pick: (row: (typeof rows)[number]) => number): number => rows.reduce((total, row) => total + pick(row), 0);
  const voiced = rows.filter((row) => row.speech !== null);
  console.log(
    `\n  all, translation      ${sum((row) => row.translation)} of ${sum((row) => row.human)} human (${ratio(
      sum((row) => row.translation),
      sum((row) => row.human),
    )}); naive ${ratio(
      sum((row) => row.naive),
      sum((row) => row.human),
    )}`,
  );
  console.log(
    `  voiced, post audio    ${voiced.reduce((total, row) => total + (row.speech ?? 0), 0)} of ${voiced.reduce((total, row) => total + row.human, 0)} human (${ratio(
      voiced.reduce((total, row) => total + (row.speech ?? 0), 0),
      voiced.reduce((total, row) => total + row.human, 0),
    )}); naive ${ratio(
      voiced.reduce((total, row) => total + row.naive, 0),
      voiced.reduce((total, row) => total + row.human, 0),
    )}`,
  );
  console.log(`  speech calls for a post nobody may read: ${leaked.length} (aim: 0)`);
} finally {
  await site.close();
}
