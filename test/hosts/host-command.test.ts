import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function host(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/host.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('pnpm host', () => {
  it('refuses an unknown host with exit 2, naming the known ones, and prints nothing on stdout', () => {
    const result = host('emacs');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('unknown host "emacs"');
    expect(result.stderr).toMatch(/Usage: pnpm host </);
  });

  it('shows its usage with exit 2 when no host is named', () => {
    const result = host();
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Usage: pnpm host </);
  });
});
