import { defineConfig } from 'vitest/config';

// Two groups: the unit and contract tests run in parallel first; then the end-to-end tests, one
// file at a time, since each starts a real host (VS Code, WordPress, Strapi) and the machines
// have two cores.
export default defineConfig({
  test: {
    // By name, not imported: vitest loads it through its own TypeScript-aware runner, while this
    // config is loaded by plain Node, which cannot import the scripts package's .ts files.
    reporters: ['default', '@circassian/scripts/vitest-summary-reporter.js'],
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
