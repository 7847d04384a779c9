// Ends a test run with one plain line, "N passed, N failed, N skipped", which CI reads to tell
// a run that tested something from one that ran nothing, preceded by the name and first error
// line of every failed test: CI keeps only the tail of a run's output, and a failure named
// thousands of lines earlier is otherwise lost. When `pnpm test` runs several vitest processes
// (scripts/test.ts), each writes its counts to the file that process names instead, and
// scripts/test.ts prints the lines for all of them.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export const SUMMARY_FILE_ENV = 'CIRCASSIAN_TEST_COUNTS_FILE';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** "file > test: first line of its error", one per failed test. */
  failures: string[];
}

const firstLine = (text: string | undefined): string => (text ?? '').split('\n', 1)[0]!.slice(0, 300);

/** The lines printed at the end of a run: the failures, then the counts. */
export function summaryLines(counts: Counts): string[] {
  const lines = counts.failures.length > 0 ? ['', 'Failed:', ...counts.failures.map((failure) => `  ${failure}`)] : [];
  return [...lines, '', `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`];
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId);
      for (const error of module.errors()) counts.failures.push(`${file}: ${firstLine(error.message)}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') counts.passed += 1;
        else if (result.state === 'failed') {
          counts.failed += 1;
          counts.failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
        } else counts.skipped += 1;
      }
    }
    const file = process.env[SUMMARY_FILE_ENV];
    if (file) writeFileSync(file, JSON.stringify(counts));
    else console.log(summaryLines(counts).join('\n'));
  }
}
