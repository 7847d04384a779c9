// The integration suite's entry, run INSIDE the real extension host by `pnpm vscode-test` (the
// module's `run()`). Mocha (TDD UI) with the spec reporter on the console; each test's outcome is
// also written as JSON to CIRCASSIAN_VSCODE_TEST_RESULTS, so the vitest side names failures.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { accountTests } from './account.test';
import { dictionaryAndDetectTests } from './dictionary.test';
import { errorTests } from './errors.test';
import { glossaryTests } from './glossary.test';
import { hoverTests } from './hover.test';
import { memoryTests } from './memory.test';
import { palochkaTests } from './palochka.test';
import { protectedTextTests } from './protected-text.test';
import { proxyTests } from './proxy.test';
import { speechTests } from './speech.test';
import { translateFileTests } from './translate-file.test';
import { translatedFilesTests } from './translated-files.test';
import { translationLoopTests } from './translation-loop.test';
import { translationTests } from './translation.test';
import { wholeWritesTests } from './whole-writes.test';

export interface TestResult {
  readonly title: string;
  readonly state: 'passed' | 'failed';
  readonly error?: string;
  readonly durationMs?: number;
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec' });
  // Bundled suites register through the TDD globals Mocha installs on pre-require.
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  const grep = process.env.CIRCASSIAN_VSCODE_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const register of [
    accountTests,
    translationTests,
    translationLoopTests,
    protectedTextTests,
    translateFileTests,
    translatedFilesTests,
    wholeWritesTests,
    memoryTests,
    glossaryTests,
    dictionaryAndDetectTests,
    speechTests,
    palochkaTests,
    hoverTests,
    errorTests,
    proxyTests,
  ])
    register();
  const results: TestResult[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const file = process.env.CIRCASSIAN_VSCODE_TEST_RESULTS;
      if (file) writeFileSync(file, JSON.stringify(results, null, 2));
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('pass', (test) =>
      results.push({ title: test.fullTitle(), state: 'passed', ...(test.duration === undefined ? {} : { durationMs: test.duration }) }),
    );
    runner.on('fail', (test, error: Error) =>
      results.push({ title: test.fullTitle(), state: 'failed', error: error.stack ?? error.message }),
    );
  });
}
