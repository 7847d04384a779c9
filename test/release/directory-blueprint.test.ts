// The plugin directory's Live Preview blueprint, derived from the one beside the zip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORDPRESS_SLUG } from '@circassian/scripts/release/artifacts.js';
import { directoryBlueprint, type Blueprint } from '@circassian/scripts/release/directory-blueprint.js';

const bundled = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'wordpress', 'blueprint.json'), 'utf8'),
) as Blueprint;

describe('directoryBlueprint', () => {
  it('installs the plugin from the directory instead of the zip beside it, and keeps every other step and field', () => {
    const forDirectory = directoryBlueprint(bundled, WORDPRESS_SLUG);
    const install = forDirectory.steps?.find((step) => step.step === 'installPlugin');
    expect(install?.pluginData).toEqual({ resource: 'wordpress.org/plugins', slug: 'circassian' });
    expect(install?.['options']).toEqual({ activate: true });
    const others = (blueprint: Blueprint) => (blueprint.steps ?? []).filter((step) => step.step !== 'installPlugin');
    expect(others(forDirectory)).toEqual(others(bundled));
    expect(forDirectory.steps).toHaveLength(bundled.steps?.length ?? 0);
    expect({ ...forDirectory, steps: [] }).toEqual({ ...bundled, steps: [] });
  });

  it('leaves plugins from elsewhere as they are', () => {
    const fromUrl: Blueprint = { steps: [{ step: 'installPlugin', pluginData: { resource: 'url', url: 'https://example.org/x.zip' } }] };
    expect(directoryBlueprint(fromUrl, 'circassian')).toEqual(fromUrl);
  });
});
