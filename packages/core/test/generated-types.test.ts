import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };

const packageDir = new URL('..', import.meta.url).pathname;

describe('generated OpenAPI types', () => {
  it('are what `generate` makes from shared/openapi/openapi.json today', async () => {
    // Run the package's own generate command, writing elsewhere, and compare with the committed file.
    const [bin, ...args] = pkg.scripts.generate.split(' ');
    const outIndex = args.indexOf('-o');
    const committed = args[outIndex + 1] ?? '';
    const dir = await mkdtemp(join(tmpdir(), 'circassian-openapi-'));
    try {
      args[outIndex + 1] = join(dir, 'openapi.ts');
      await promisify(execFile)(join(packageDir, 'node_modules/.bin', bin ?? ''), args, { cwd: packageDir });
      const fresh = await readFile(join(dir, 'openapi.ts'), 'utf8');
      expect(fresh).toBe(await readFile(join(packageDir, committed), 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
