// Ends a test run with one plain line, "N passed, N failed, N skipped", which CI reads to tell
// a run that tested something from one that ran nothing. When `pnpm test` runs several vitest
// processes (scripts/test.ts), each writes its counts to the file that process names instead,
// and scripts/test.ts prints the one line for all of them.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export const SUMMARY_FILE_ENV = 'CIRCASSIAN_TEST_COUNTS_FILE';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const file = process.env[SUMMARY_FILE_ENV];
    if (file) writeFileSync(file, JSON.stringify(counts));
    else console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
