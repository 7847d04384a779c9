/**
 * `@circassian/core/palochka` is promised browser-safe and free of the HTTP code. This bundles the
 * entry the way a web app's build would (esbuild, browser platform, nothing external) and checks
 * what got in.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// esbuild comes with tsx (a root dev dependency), which is how the workspace already has it.
const requireFromRoot = createRequire(import.meta.url);
// Its types are not reachable from here, so the little used of its API is spelled out.
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[]; metafile: { inputs: Record<string, unknown> } }>;
}
const esbuild = createRequire(requireFromRoot.resolve('tsx/package.json'))('esbuild') as Esbuild;

// The entry the package's exports name (in the workspace, its TypeScript source).
const entry = requireFromRoot.resolve('@circassian/core/palochka');

describe('the palochka entry', () => {
  it('bundles for the browser alone: no undici, no node: module, no other file of the client', async () => {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatch(/packages\/core\/src\/palochka\.ts$/);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/undici|node:|require\(|process\.env/);
    expect(code).toContain('normalizePalochka');
    expect(code).toContain('findPalochkaLookalikes');
  });

  it('runs in the bundled form and normalises a Cyrillic word', async () => {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const url = `data:text/javascript;base64,${Buffer.from(result.outputFiles[0]?.text ?? '').toString('base64')}`;
    const bundled = (await import(/* @vite-ignore */ url)) as typeof import('@circassian/core/palochka');
    expect(bundled.normalizePalochka('фIыуэ 1990 I')).toBe('фӀыуэ 1990 I');
  });
});
