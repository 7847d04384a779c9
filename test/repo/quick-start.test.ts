import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

function quickStartCommands(): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Quick start'));
  if (!section) throw new Error('README has no "Quick start" section');
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => (m[1] ?? '').trim());
}

describe('README quick start', () => {
  it('has exactly two commands, one line each', () => {
    const commands = quickStartCommands();
    expect(commands).toHaveLength(2);
    for (const command of commands) expect(command.split('\n')).toHaveLength(1);
  });

  it('starts the playground with the first command and runs the tests with the second', () => {
    const [start, test] = quickStartCommands();
    expect(start).toMatch(/ install && .* start$/);
    expect(test).toMatch(/ install --frozen-lockfile && .* test$/);
  });

  it('is the command .ci/run extracts and runs', () => {
    const script = readFileSync(join(root, '.ci/run'), 'utf8');
    const extractor = /test_command=\$\((awk .*README\.md)\)/.exec(script)?.[1];
    expect(extractor).toBeDefined();
    const extracted = execFileSync('bash', ['-c', extractor ?? 'false'], { cwd: root, encoding: 'utf8' }).trim();
    expect(extracted).toBe(quickStartCommands()[1]);
  });
});

describe('workspace packages', () => {
  const packages = ['core', 'sandbox', 'cli'];

  it.each(packages)('%s exports files that exist', (name) => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    for (const target of Object.values(manifest.exports)) {
      expect(existsSync(join(root, 'packages', name, target)), `${name}: ${target}`).toBe(true);
    }
  });
});
