import { describe, expect, it } from 'vitest';
import { summaryLines } from '@circassian/scripts/vitest-summary-reporter.js';

describe("the test run's last lines", () => {
  it('name every case that passed only on its second try, before the failures, and keep the counts line last and plain', () => {
    const lines = summaryLines({
      passed: 3,
      failed: 1,
      skipped: 0,
      flaky: ['[e2e] test/e2e/a.test.ts > opens: locator.click: Timeout 30000ms exceeded.'],
      failures: ['[e2e] test/e2e/b.test.ts > saves: expected 1 to be 2'],
    });
    expect(lines).toEqual([
      '',
      'Passed on a second try (fix these: they failed once):',
      '  [e2e] test/e2e/a.test.ts > opens: locator.click: Timeout 30000ms exceeded.',
      '',
      'Failed:',
      '  [e2e] test/e2e/b.test.ts > saves: expected 1 to be 2',
      '',
      '3 passed, 1 failed, 0 skipped',
    ]);
  });

  it('end with the plain counts line CI reads when every case passed at once', () => {
    expect(summaryLines({ passed: 2, failed: 0, skipped: 1, flaky: [], failures: [] })).toEqual(['', '2 passed, 0 failed, 1 skipped']);
  });
});
