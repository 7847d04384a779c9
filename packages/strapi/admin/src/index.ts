// The admin half of the Circassian plugin: a panel in the content manager's edit view.
import { PLUGIN_ID } from './pluginId';
import { TranslationPanel } from './components/TranslationPanel';

interface AdminApp {
  registerPlugin(plugin: { id: string; name: string }): void;
  getPlugin(id: string): { injectComponent(view: string, zone: string, component: { name: string; Component: () => unknown }): void };
}

export default {
  register(app: AdminApp) {
    app.registerPlugin({ id: PLUGIN_ID, name: 'Circassian' });
  },
  bootstrap(app: AdminApp) {
    app.getPlugin('content-manager').injectComponent('editView', 'right-links', { name: `${PLUGIN_ID}-panel`, Component: TranslationPanel });
  },
};
