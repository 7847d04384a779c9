// wp-scripts' own configuration, plus what this plugin needs: the settings page's script as an
// entry beside the blocks' (found through their block.json), and `.js` imports resolved to `.ts`
// sources, as @circassian/core (TypeScript, NodeNext imports) is consumed from source.
import { readFileSync } from 'node:fs';
import defaultConfig from '@wordpress/scripts/config/webpack.config.js';

const blockEntries = defaultConfig.entry;
const { $comment: _, ...extraEntries } = JSON.parse(readFileSync(new URL('./tools/script-entries.json', import.meta.url), 'utf8'));

export default {
  ...defaultConfig,
  entry: () => ({
    ...(typeof blockEntries === 'function' ? blockEntries() : blockEntries),
    ...extraEntries,
  }),
  resolve: {
    ...defaultConfig.resolve,
    extensionAlias: { '.js': ['.ts', '.js'] },
  },
};
