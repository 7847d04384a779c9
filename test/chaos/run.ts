// `pnpm chaos [--kills N] [--seed S] [--articles M]` (issue 37): a fault run. Strapi first: two
// instances on PostgreSQL killed N times at random moments under a workload, then the checks of
// strapi-chaos.ts. Prints a table and exits 1 on anything lost, bought twice, stuck or taken for a
// hand edit. The same seed makes the same workload and the same choice of kills (their moments
// land on whatever the machine is doing then).
import { parseArgs } from 'node:util';
import { strapiChaos } from './strapi-chaos.js';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    articles: { type: 'string', default: '30' },
  },
});
const number = (name: string, text: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number, got ${text}`);
  return value;
};

const started = Date.now();
const report = await strapiChaos({
  kills: number('kills', values.kills),
  seed: number('seed', values.seed),
  articles: number('articles', values.articles),
  log: (line) => console.log(`[chaos] ${line}`),
});
const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
const byProcess = new Map<string, number>();
for (const kill of report.kills)
  byProcess.set(`${kill.instance} ${kill.signal}`, (byProcess.get(`${kill.instance} ${kill.signal}`) ?? 0) + 1);
console.table([...byProcess].map(([process, kills]) => ({ process, kills })));
console.table([
  {
    articles: report.articles,
    kills: report.kills.length,
    'recovery p50 (s)': seconds(report.recovery?.p50),
    'recovery p95 (s)': seconds(report.recovery?.p95),
    'recovery max (s)': seconds(report.recovery?.max),
    'released p95 (s)': seconds(report.release?.p95),
    lost: report.lost.length,
    'bought twice': report.twice.length,
    stuck: report.stuck,
    'failed jobs': report.failed,
    'taken for hand edits': report.handEdited.length,
    'service calls': report.calls,
  },
]);
for (const line of report.lost) console.log(`lost: ${line}`);
for (const { what, times } of report.twice) console.log(`bought ${times} times: ${what}`);
for (const line of report.handEdited) console.log(`taken for a hand edit: ${line}`);
console.log(
  `(${((Date.now() - started) / 1000).toFixed(0)} s; recovery: from a kill until every job the killed instance held had ended, taken over or redone)`,
);
process.exit(report.lost.length + report.twice.length + report.stuck + report.handEdited.length > 0 ? 1 : 0);
