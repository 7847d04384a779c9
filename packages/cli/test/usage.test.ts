import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { COMMANDS } from '../src/index.js';
import { jsonError, runCli } from './helpers/run-cli.js';

describe('circassian usage', () => {
  it.each(COMMANDS.map((command) => command.name))('%s --help prints its usage and exits 0', async (name) => {
    const run = await runCli([name, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Usage: circassian ${name}`);
    expect(run.stdout).toContain('--json');
    expect(run.stdout).toContain('Examples:');
  });

  it('--help lists every command', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toContain(`  ${command.name} `);
  });

  it('no arguments prints the help on stderr and exits 2', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: circassian <command>');
  });

  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(packageJson.version);
  });

  it('an unknown command exits 2 and lists the commands', async () => {
    const run = await runCli(['translat', '--to', 'kbd', 'hi']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "translat"');
    expect(run.stderr).toContain('translate, batch');
  });

  it('an unknown option exits 2 and points at the command help', async () => {
    const run = await runCli(['detect', '--colour', 'hi']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('circassian detect --help');
  });

  it('translate without --to exits 2 and names the languages', async () => {
    const run = await runCli(['translate', 'hello', '--json'], {
      env: { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(2);
    const { error } = jsonError(run);
    expect(error.type).toBe('usage');
    expect(error.exit_code).toBe(2);
    expect(error.hint).toContain('kbd');
  });

  it('an unsupported language exits 2 before anything is sent', async () => {
    const run = await runCli(['translate', 'hello', '--to', 'de'], {
      env: { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--to de is not a translation language');
  });

  it('a missing key exits 3 and says where keys come from', async () => {
    const run = await runCli(['me'], { env: { CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('CIRCASSIAN_API_KEY');
    expect(run.stderr).toContain('--sandbox');
  });

  it('a missing service address exits 2', async () => {
    const run = await runCli(['me', '--key', 'k.s']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('CIRCASSIAN_BASE_URL');
  });

  it('speak without -o exits 2', async () => {
    const run = await runCli(['speak', 'hello'], { env: { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('-o');
  });

  it('a file that does not exist exits 2 and names it', async () => {
    const run = await runCli(['palochka', '--check', 'no-such-file.txt']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot read no-such-file.txt: no such file');
  });

  it('an unreachable service exits 5 and says to retry later', async () => {
    const run = await runCli(['me', '--retries', '0', '--json'], {
      env: { CIRCASSIAN_API_KEY: 'k.s', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(5);
    expect(jsonError(run).error.type).toBe('connection');
    expect(jsonError(run).error.hint).toContain('retry later');
  });
});
