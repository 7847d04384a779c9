// Ends a test run with one plain line, "N passed, N failed, N skipped", which CI reads to tell
// a run that tested something from one that ran nothing, preceded by the name and first error
// line of every failed test (CI keeps only the tail of a run's output, and a failure named
// thousands of lines earlier is otherwise lost) and by the ten slowest files with their times, so
// the next file that slows the suite down is seen in the run where it does. When `pnpm test` runs
// several vitest processes (scripts/test.ts), each writes its counts to the file that process
// names instead, and scripts/test.ts prints the lines for all of them.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export const SUMMARY_FILE_ENV = 'CIRCASSIAN_TEST_COUNTS_FILE';

/** How many of the slowest files the summary names. */
export const SLOWEST_SHOWN = 10;

export interface FileTime {
  /** Relative to the working directory, as vitest names it. */
  readonly file: string;
  /** From the file's import to its last hook: what the file adds to its lane. */
  readonly ms: number;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** "file > test: first line of its error", one per failed test. */
  failures: string[];
  /** "file > test: first line of its first try's error", one per test that passed on its second try. */
  flaky: string[];
  /** Every file that ran. */
  files: FileTime[];
}

const firstLine = (text: string | undefined): string => (text ?? '').split('\n', 1)[0]!.slice(0, 300);

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The slowest files first, `lane` (when given) after each file's name. */
export function slowestLines(files: ReadonlyArray<FileTime & { readonly lane?: string }>, shown = SLOWEST_SHOWN): string[] {
  if (files.length === 0) return [];
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, shown);
  const width = Math.max(...slowest.map(({ ms }) => seconds(ms).length));
  return [
    '',
    `Slowest ${slowest.length} files:`,
    ...slowest.map(({ file, ms, lane }) => `  ${seconds(ms).padStart(width)}  ${file}${lane ? `  [${lane}]` : ''}`),
  ];
}

/**
 * The lines printed at the end of a run: the cases that passed only on a second try, the failures,
 * then the counts, always last and in the same words (CI reads that line).
 */
export function summaryLines(counts: Omit<Counts, 'files'>): string[] {
  const listed = (title: string, items: readonly string[]): string[] =>
    items.length > 0 ? ['', title, ...items.map((item) => `  ${item}`)] : [];
  return [
    ...listed('Passed on a second try (fix these: they failed once):', counts.flaky),
    ...listed('Failed:', counts.failures),
    '',
    `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  ];
}

/** A file's time in its lane: its environment, setup and import, then its tests and hooks. */
function fileTime(module: TestModule): number {
  const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
  return Math.round(environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration);
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [], files: [] };
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId);
      counts.files.push({ file, ms: fileTime(module) });
      for (const error of module.errors()) counts.failures.push(`${file}: ${firstLine(error.message)}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') {
          counts.passed += 1;
          // A passed case keeps the errors of the tries before it.
          if (test.diagnostic()?.flaky) counts.flaky.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
        } else if (result.state === 'failed') {
          counts.failed += 1;
          counts.failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
        } else counts.skipped += 1;
      }
    }
    const file = process.env[SUMMARY_FILE_ENV];
    if (file) writeFileSync(file, JSON.stringify(counts));
    else console.log([...slowestLines(counts.files), ...summaryLines(counts)].join('\n'));
  }
}
