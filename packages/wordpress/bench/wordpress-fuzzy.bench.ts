// `pnpm bench wordpress-fuzzy`: near matches on a large WordPress memory (issue 33: 100,000 units, a
// near-match lookup under 5 ms p95 on this machine). A site of the newest line is prepared (not
// served: the lookups are timed inside PHP, not over HTTP), its SQLite database through the SQLite
// integration as every site here runs; bench/fuzzy-lookup.php stores 100,000 units ru -> kbd as the
// plugin stores them, then times, in the same process, 50 of each: an exact lookup (the baseline,
// what translating asks), a near-match lookup of an edited sentence (one word of a stored sentence
// replaced), one of a sentence of common words only (the prefilter's slow case), and a concordance
// page of a word. Run: `pnpm bench wordpress-fuzzy` (some minutes: storing the units is most of it).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { installSqliteIntegration, installWordPress } from '@circassian/test-support/hosts/wordpress/install.js';
import { prepareSite } from '@circassian/test-support/hosts/wordpress/site.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { buildPluginZip, PACKAGE_DIR } from '../tools/build-zip.js';

const UNITS = Number(process.env.CIRCASSIAN_BENCH_UNITS ?? 100_000);
const LOOKUPS = 50;

interface Measured {
  readonly store: number;
  readonly units: number;
  readonly exact: number[];
  readonly near: number[];
  readonly common: number[];
  readonly find: number[];
  readonly found: number;
}

const percentile = (times: readonly number[], p: number): number =>
  [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) * p)] ?? 0;
const figures = (times: readonly number[]): string =>
  `p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms`;

const [wordpress, sqlitePlugin, pluginZip] = [
  await installWordPress(NEWEST_LINE),
  await installSqliteIntegration(),
  await buildPluginZip(),
];
const site = await prepareSite({
  wordpressTree: wordpress.tree,
  sqlitePlugin,
  pluginZip,
  // No lookup calls the service: an address nothing answers.
  service: { url: 'http://127.0.0.1:9', key: 'bench' },
  url: 'http://127.0.0.1',
  manualCron: true,
});
try {
  const { stdout } = await promisify(execFile)(
    'php',
    ['-d', 'memory_limit=1G', join(PACKAGE_DIR, 'bench', 'fuzzy-lookup.php'), String(UNITS), String(LOOKUPS)],
    {
      cwd: site.root,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const measured = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Measured;
  console.log(
    `WordPress ${wordpress.version}, SQLite: ${measured.units} units ru -> kbd stored in ${measured.store.toFixed(0)} s; ${LOOKUPS} lookups of each kind`,
  );
  console.log(`  exact lookup (baseline):               ${figures(measured.exact)}`);
  console.log(
    `  near matches of an edited sentence:    ${figures(measured.near)} (${measured.found} of ${LOOKUPS} found their stored sentence; aim p95 under 5 ms)`,
  );
  console.log(`  near matches of common words only:     ${figures(measured.common)}`);
  console.log(`  concordance, a word, page of 20 + total: ${figures(measured.find)}`);
} finally {
  site.remove();
}
