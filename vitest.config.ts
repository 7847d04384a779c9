import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/vitest-summary-reporter.js';

// Two groups: the unit and contract tests run in parallel first; then the end-to-end tests, one
// file at a time, since each starts a real host (VS Code, WordPress, Strapi) and the machines
// have two cores.
export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter()],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/e2e/**', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 5 * 60_000,
          hookTimeout: 15 * 60_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
