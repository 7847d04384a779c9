import { defineConfig } from 'vitest/config';

// The unit and contract tests run in parallel first; then the end-to-end tests, one file at a time
// within a project, since each starts a real host (VS Code, WordPress, Strapi) and the machines
// have two cores. Plain `vitest run` runs the end-to-end projects one after another; `pnpm test`
// (scripts/test.ts) runs the WordPress project beside the others, which share nothing with it.
const e2e = (name: string, include: string[], exclude: string[], groupOrder: number, globalSetup: string[] = []) => ({
  test: {
    name,
    include,
    exclude: [...exclude, '**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 5 * 60_000,
    hookTimeout: 15 * 60_000,
    // A real host beside another on two cores can take seconds to answer a click: a poll gives it
    // 30 s (vitest's default is 1 s) and fails only when what it waits for never comes.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // A case gets a second try, as Playwright Test gives on CI: on two shared cores a browser or a
    // host can miss a 30 s window once in a few thousand cases (each of the last four CI runs failed
    // one or two different cases, each passing alone). The summary names every case that needed it,
    // so a flaky case is seen and fixed, and a case that fails twice still fails the run.
    retry: 1,
    sequence: { groupOrder },
    // The plugin's zip and the extension's .vsix made once per run, not once per host start.
    globalSetup: ['@circassian/test-support/hosts/lib/once-per-run-setup.js', ...globalSetup],
    // The tests' own requests to a host open a connection each (a kept-alive one may be closing).
    setupFiles: ['test/e2e/fresh-connections.ts'],
  },
});

export default defineConfig({
  test: {
    // By name, not imported: vitest loads it through its own TypeScript-aware runner, while this
    // config is loaded by plain Node, which cannot import the scripts package's .ts files.
    reporters: ['default', '@circassian/scripts/vitest-summary-reporter.js'],
    // The global teardowns' budget (vitest's default is 10 s): the `e2e` project's stops the shared
    // Strapi host (shared-host-setup.ts), which took longer than 10 s on a busy two-core machine.
    teardownTimeout: 120_000,
    // One library assertion only: undici 7's HTTP/1 parser asserts `!this.paused` when a socket of
    // the test process ends while its parser is paused, which a Strapi host stopped at the end of
    // test/e2e/strapi/restart.test.ts causes after every case has its answer (seen in two CI runs of
    // stop 39, each after all cases passed). Every other unhandled error still fails the run.
    onUnhandledError(error): boolean | void {
      const stack = error.stack ?? '';
      if (error.message.includes('!this.paused') && stack.includes('undici') && stack.includes('client-h1')) return false;
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/e2e/**', '**/node_modules/**'],
          // Budgets, not measures: a case that waits on a process start can take many seconds while
          // the hosts install beside the unit lane on a fresh machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time, not vitest's one on a two-core machine (cores - 1): most of these
          // files wait on a process they started (the local service, the CLI, PHP), and the one-worker
          // lane left a core idle for about six minutes of every fresh-machine run (tests summed
          // 398 s of 532 s wall) while the end-to-end lanes waited for it.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      e2e('e2e-wordpress', ['test/e2e/wordpress/**/*.test.ts'], [], 1),
      // The Strapi files that need no host of their own share one, started when the first asks (shared-host-setup.ts).
      e2e('e2e', ['test/e2e/**/*.test.ts'], ['test/e2e/wordpress/**', 'test/e2e/release/**'], 2, [
        '@circassian/test-support/hosts/strapi/shared-host-setup.js',
      ]),
      // Last: it repackages every plugin, which the hosts of the projects before it install.
      e2e('e2e-release', ['test/e2e/release/**/*.test.ts'], [], 3),
    ],
  },
});
