/**
 * What each entry brings into a browser bundle: `@circassian/core/timings` nothing but itself (the
 * read-along pieces a front end loads), `@circassian/core/mp3` the encoder and no Node built-in (the
 * WordPress admin encodes in the browser), and the main entry never the encoder.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const requireHere = createRequire(import.meta.url);
// esbuild comes with tsx (a root dev dependency); its types are not reachable from here, so the little used is spelled out.
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[]; metafile: { inputs: Record<string, unknown> } }>;
}
const esbuild = createRequire(requireHere.resolve('tsx/package.json'))('esbuild') as Esbuild;

async function bundle(entry: string, platform: 'browser' | 'node') {
  const result = await esbuild.build({
    entryPoints: [requireHere.resolve(entry)],
    bundle: true,
    platform,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...(platform === 'node' ? { packages: 'external' } : {}),
  });
  return { inputs: Object.keys(result.metafile.inputs), code: result.outputFiles[0]?.text ?? '' };
}

describe('the speech entries', () => {
  it('@circassian/core/timings bundles for the browser from its own few files, with no Node built-in', async () => {
    const { inputs, code } = await bundle('@circassian/core/timings', 'browser');
    expect(inputs.filter((input) => !/^packages\/core\/src\//.test(input) || /client|request|resources|memory/.test(input))).toEqual([]);
    expect(inputs).toContain('packages/core/src/speech/webvtt.ts');
    expect(code).not.toMatch(/undici|node:|require\(|process\.env|mediabunny/);
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const bundled = (await import(/* @vite-ignore */ url)) as typeof import('@circassian/core/timings');
    expect(bundled.splitSentences('Сэ кӀуэ. Уэ укӀуэ.').map((sentence) => sentence.text)).toEqual(['Сэ кӀуэ.', 'Уэ укӀуэ.']);
  });

  it('@circassian/core/mp3 bundles for the browser with the encoder and no Node built-in', async () => {
    const { inputs, code } = await bundle('@circassian/core/mp3', 'browser');
    expect(inputs.some((input) => input.includes('@mediabunny/mp3-encoder'))).toBe(true);
    expect(code).not.toMatch(/from\s*["']node:|require\(["']node:|undici/);
  });

  it('the main entry never loads the encoder', async () => {
    const { code } = await bundle('@circassian/core', 'node');
    // (Its package.json, bundled for the User-Agent's version, names the encoder among the dependencies: no import does.)
    expect(code).not.toMatch(/(from\s*|import\(\s*)["']@?mediabunny/);
    expect(code).toMatch(/SpeechMemory = class/);
  });
});
