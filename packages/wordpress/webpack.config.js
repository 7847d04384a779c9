// wp-scripts' own configuration, plus what this plugin needs: `.js` imports resolved to
// `.ts` sources, as @circassian/core (TypeScript, NodeNext imports) is consumed from source.
import defaultConfig from '@wordpress/scripts/config/webpack.config.js';

export default {
  ...defaultConfig,
  resolve: {
    ...defaultConfig.resolve,
    extensionAlias: { '.js': ['.ts', '.js'] },
  },
};
