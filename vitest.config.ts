import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/vitest-summary-reporter.js';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', new SummaryReporter()],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
