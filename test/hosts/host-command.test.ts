import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function host(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(root, 'scripts/bin/host.js'), ...args], {
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

describe('pnpm host flags', () => {
  it('refuses a WordPress line it does not support with exit 2 before installing anything', () => {
    const result = host('wordpress', '--wp', '5.0');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--wp takes one of 6.8, 7.1; got 5.0');
    expect(result.stdout).toBe('');
  });

  it('refuses a VS Code workspace folder that does not exist with exit 2', () => {
    const result = host('vscode', '--folder', '/nonexistent/circassian-workspace');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--folder /nonexistent/circassian-workspace is not a directory');
  });

  it('refuses --key without --service-url, since a local service brings its own key', () => {
    const result = host('vscode', '--key', 'abc.def');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--key goes with --service-url');
  });

  it('refuses a Strapi database it does not run with exit 2', () => {
    const result = host('strapi', '--database', 'oracle');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--database takes sqlite, postgres or mysql; got oracle');
  });

  it('refuses a port out of range', () => {
    const result = host('wordpress', '--port', '70000');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port takes a port number from 1 to 65535');
  });
});
