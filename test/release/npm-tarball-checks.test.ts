// publint --strict and attw on a tarball: attw alone passes a package with no types at all, so the
// check asks for them where TypeScript consumers import the package.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNpmTarball } from '@circassian/scripts/release/artifact-checks.js';
import { runCollect } from '@circassian/scripts/release/npm-consumer.js';

const scratch = mkdtempSync(join(tmpdir(), 'circassian-tarball-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * `npm pack` of a one-file CommonJS package (every resolution mode attw tries finds it), with or
 * without a declaration beside it.
 */
async function pack(name: string, withTypes: boolean): Promise<string> {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  const manifest = withTypes
    ? { main: './index.js', types: './index.d.ts', files: ['index.js', 'index.d.ts'] }
    : { main: './index.js', files: ['index.js'] };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', license: 'MIT', ...manifest }));
  writeFileSync(join(dir, 'index.js'), 'exports.answer = 42;\n');
  if (withTypes) writeFileSync(join(dir, 'index.d.ts'), 'export declare const answer: number;\n');
  const packed = await runCollect('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: dir });
  if (packed.code !== 0) throw new Error(`npm pack: ${packed.stderr}`);
  return join(scratch, packed.stdout.trim().split('\n').at(-1) ?? '');
}

let untyped: string;
let typed: string;
beforeAll(async () => {
  [untyped, typed] = [await pack('untyped-probe', false), await pack('typed-probe', true)];
});

describe('checkNpmTarball', () => {
  it('names a library tarball that ships no types, which attw alone lets pass', async () => {
    expect(await checkNpmTarball(untyped, { types: true })).toEqual([`attw ${untyped}: the package ships no types`]);
  });

  it('lets a package pass without types when nothing imports its types (the Strapi plugin)', async () => {
    expect(await checkNpmTarball(untyped, { types: false })).toEqual([]);
  });

  it('passes a package whose types resolve', async () => {
    expect(await checkNpmTarball(typed, { types: true })).toEqual([]);
  });
});
