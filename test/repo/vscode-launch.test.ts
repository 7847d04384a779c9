// F5 in VS Code runs the extension from source: at the repository root (.vscode/launch.json), or its
// integration suite against a local sandbox; in packages/vscode opened alone (its own .vscode), the
// extension. The paths and names they use are those of the build and the tasks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

interface Launch {
  readonly configurations: readonly { name: string; args: string[]; env?: Record<string, string>; preLaunchTask: string }[];
}
interface Tasks {
  readonly tasks: readonly { label: string; command?: string; dependsOn?: string[] }[];
}

const launch = JSON.parse(read('.vscode/launch.json')) as Launch;
const tasks = JSON.parse(read('.vscode/tasks.json')) as Tasks;
const packageLaunch = JSON.parse(read('packages/vscode/.vscode/launch.json')) as Launch;
const packageTasks = JSON.parse(read('packages/vscode/.vscode/tasks.json')) as Tasks;
const config = (name: string, from = launch) => {
  const found = from.configurations.find((entry) => entry.name === name);
  if (!found) throw new Error(`launch.json has no "${name}"`);
  return found;
};
const argument = (args: readonly string[], flag: string): string | undefined =>
  args
    .find((arg) => arg.startsWith(`--${flag}=`))
    ?.slice(flag.length + 3)
    .replace('${workspaceFolder}/', '');

describe('.vscode/launch.json', () => {
  it('runs the extension and its tests from packages/vscode, whose main is the bundle build.mjs writes', () => {
    const manifest = JSON.parse(read('packages/vscode/package.json')) as { main: string };
    for (const name of ['Run Extension', 'Extension Tests'])
      expect(argument(config(name).args, 'extensionDevelopmentPath')).toBe('packages/vscode');
    expect(read('packages/vscode/build.mjs')).toContain(`'${manifest.main.replace('./', '')}'`);
  });

  it('points the tests at the integration suite build.mjs --tests writes', () => {
    const testsPath = argument(config('Extension Tests').args, 'extensionTestsPath');
    expect(testsPath).toBe('packages/vscode/dist-test/index.js');
    expect(read('packages/vscode/build.mjs')).toContain(`'dist-test/index.js'`);
  });

  it('names tasks that exist, every task a dependency names included', () => {
    const labels = new Set(tasks.tasks.map((task) => task.label));
    for (const entry of launch.configurations) expect(labels).toContain(entry.preLaunchTask);
    for (const task of tasks.tasks) for (const dependency of task.dependsOn ?? []) expect(labels).toContain(dependency);
  });

  it('gives the tests the address, key and admin token the sandbox task starts with', () => {
    const env = config('Extension Tests').env ?? {};
    const sandbox = tasks.tasks.find((task) => task.command?.startsWith('pnpm sandbox '))?.command ?? '';
    expect(sandbox).toContain(`--port ${new URL(env['CIRCASSIAN_BASE_URL'] ?? '').port}`);
    expect(sandbox).toContain(`--key ${env['CIRCASSIAN_API_KEY']}`);
    expect(sandbox).toContain(`--admin-token ${env['CIRCASSIAN_TEST_ADMIN_TOKEN']}`);
  });
});

describe('packages/vscode/.vscode/launch.json (the package folder opened alone)', () => {
  it('runs the extension from the folder itself, built first by a task that writes the bundle package.json names', () => {
    const manifest = JSON.parse(read('packages/vscode/package.json')) as { main: string; scripts: { build: string } };
    const run = config('Run Extension', packageLaunch);
    expect(run.args).toEqual(['--extensionDevelopmentPath=${workspaceFolder}']);
    const build = packageTasks.tasks.find((task) => task.label === run.preLaunchTask);
    expect(build?.command).toBe(manifest.scripts.build);
    expect(read('packages/vscode/build.mjs')).toContain(`'${manifest.main.replace('./', '')}'`);
  });
});
