// The plugin directory's Live Preview runs the blueprint kept in the plugin's SVN `assets/blueprints/
// blueprint.json` (served at wordpress.org/plugins/wp-json/plugins/v1/plugin/SLUG/blueprint.json):
// there is no zip beside it, so it installs the plugin from the directory. This derives that
// blueprint from the one `pnpm package` puts beside the zip, whose every other step it keeps.

interface PluginData {
  readonly resource: string;
  readonly [field: string]: unknown;
}

export interface Blueprint {
  readonly steps?: readonly { readonly step: string; readonly pluginData?: PluginData; readonly [field: string]: unknown }[];
  readonly [field: string]: unknown;
}

/** `bundled` plugin resources become the directory's plugin `slug`; nothing else changes. */
export function directoryBlueprint(bundled: Blueprint, slug: string): Blueprint {
  return {
    ...bundled,
    steps: (bundled.steps ?? []).map((step) =>
      step.step === 'installPlugin' && step.pluginData?.resource === 'bundled'
        ? { ...step, pluginData: { resource: 'wordpress.org/plugins', slug } }
        : step,
    ),
  };
}
