// dist/manifest.json's contract (issue 13): what `manifestProblems` accepts and what it names.
import { describe, expect, it } from 'vitest';
import { manifestProblems, type Artifact } from '@circassian/scripts/release/artifacts.js';

const COMPLETE: Artifact[] = [
  { name: '@circassian/core', kind: 'npm', file: 'circassian-core-0.1.0.tgz', version: '0.1.0' },
  { name: '@circassian/sandbox', kind: 'npm', file: 'circassian-sandbox-0.1.0.tgz', version: '0.1.0' },
  { name: '@circassian/cli', kind: 'npm', file: 'circassian-cli-0.1.0.tgz', version: '0.1.0' },
  { name: '@circassian/strapi-plugin', kind: 'npm', file: 'circassian-strapi-plugin-0.1.0.tgz', version: '0.1.0' },
  { name: 'circassian.circassian', kind: 'vsix', file: 'circassian-0.1.0.vsix', version: '0.1.0' },
  { name: 'circassian', kind: 'wordpress', file: 'circassian.zip', version: '0.1.0' },
];
const IN_DIST = new Set([...COMPLETE.map((artifact) => artifact.file), 'blueprint.json']);
const inDist = (file: string) => IN_DIST.has(file);

describe('manifestProblems', () => {
  it('accepts a manifest listing every artifact, each file present, the blueprint beside the zip', () => {
    expect(manifestProblems({ artifacts: COMPLETE }, inDist)).toEqual([]);
  });

  it('refuses a manifest without an artifacts array', () => {
    expect(manifestProblems({}, inDist)).toEqual(['manifest.json has no "artifacts" array']);
    expect(manifestProblems(null, inDist)).toEqual(['manifest.json has no "artifacts" array']);
  });

  it('names an entry with other keys, an unknown kind or a version that is not x.y.z', () => {
    const odd = { name: '@circassian/core', kind: 'tarball', file: 'circassian-core-0.1.0.tgz', version: 'latest', sha: 'x' };
    expect(manifestProblems({ artifacts: [...COMPLETE.slice(1), odd] }, inDist)).toEqual([
      `artifact ${JSON.stringify(odd)} has keys file,kind,name,sha,version, not file,kind,name,version`,
      'artifact @circassian/core: kind tarball',
      'artifact @circassian/core: version latest',
      'no npm artifact @circassian/core',
    ]);
  });

  it('names a file that is missing from dist/ or points outside it', () => {
    const outside = { ...COMPLETE[0], file: '../circassian-core-0.1.0.tgz' } as Artifact;
    const missing = { ...COMPLETE[1], file: 'circassian-sandbox-9.9.9.tgz' } as Artifact;
    expect(manifestProblems({ artifacts: [outside, missing, ...COMPLETE.slice(2)] }, inDist)).toEqual([
      'artifact @circassian/core: file ../circassian-core-0.1.0.tgz is not in dist/',
      'artifact @circassian/sandbox: file circassian-sandbox-9.9.9.tgz is not in dist/',
    ]);
  });

  it('names every artifact the contract requires that is not listed', () => {
    expect(manifestProblems({ artifacts: [] }, inDist)).toEqual([
      'no npm artifact @circassian/core',
      'no npm artifact @circassian/sandbox',
      'no npm artifact @circassian/cli',
      'no npm artifact @circassian/strapi-plugin',
      'no .vsix artifact',
      'no WordPress zip artifact',
    ]);
  });

  it('wants the Playground blueprint beside the WordPress zip', () => {
    expect(manifestProblems({ artifacts: COMPLETE }, (file) => file !== 'blueprint.json' && inDist(file))).toEqual([
      'no blueprint.json beside the WordPress zip',
    ]);
  });
});
