// The admin half of the Circassian plugin: a panel in the content manager's edit view, a bulk
// translation page in the main menu and a settings page, each behind the plugin's permissions.
import { createElement } from 'react';
import { Earth } from '@strapi/icons';
import { PLUGIN_ID } from './pluginId';
import { TranslationPanel } from './components/TranslationPanel';
import { TranslationCell } from './components/TranslationCell';

type Lazy = () => Promise<{ default: () => unknown }>;

interface AdminApp {
  registerPlugin(plugin: { id: string; name: string }): void;
  addMenuLink(link: {
    to: string;
    icon: () => unknown;
    intlLabel: { id: string; defaultMessage: string };
    Component: Lazy;
    permissions: Array<{ action: string; subject: null }>;
  }): void;
  addSettingsLink(
    section: string,
    link: {
      id: string;
      to: string;
      intlLabel: { id: string; defaultMessage: string };
      Component: Lazy;
      permissions: Array<{ action: string; subject: null }>;
    },
  ): void;
  getPlugin(id: string): { injectComponent(view: string, zone: string, component: { name: string; Component: () => unknown }): void };
  registerHook(name: string, hook: (args: ListColumnsArgs) => ListColumnsArgs): void;
}

/** The Content Manager list view's columns, as its `inject-column-in-table` hook passes them along. */
interface ListColumnsArgs {
  displayedHeaders: Array<{ name?: string; [key: string]: unknown }>;
  layout: { options?: { i18n?: { localized?: boolean } }; settings?: { mainField?: string } };
}

/**
 * A "Translation" column in the list view of every localized content type, added through the
 * Content Manager's own hook as Strapi's i18n plugin adds "Available in". Types the plugin does
 * not translate show a dash.
 */
const addTranslationColumn = ({ displayedHeaders, layout }: ListColumnsArgs): ListColumnsArgs => {
  if (layout?.options?.i18n?.localized !== true) return { displayedHeaders, layout };
  // Beside the entry's main field (its title): at the end, past the dates and "Available in", it
  // fell off a 1280-pixel screen.
  const mainField = displayedHeaders.findIndex((header) => header.name === layout.settings?.mainField);
  const at = mainField >= 0 ? mainField + 1 : displayedHeaders.length;
  return {
    displayedHeaders: [
      ...displayedHeaders.slice(0, at),
      {
        attribute: { type: 'string' },
        label: { id: `${PLUGIN_ID}.list.column`, defaultMessage: 'Translation' },
        searchable: false,
        sortable: false,
        name: `${PLUGIN_ID}_translation`,
        cellFormatter: (row: { documentId: string }, _header: unknown, meta: { model: string }) =>
          createElement(TranslationCell, { model: meta.model, documentId: row.documentId }),
      },
      ...displayedHeaders.slice(at),
    ],
    layout,
  };
};

export default {
  register(app: AdminApp) {
    app.registerPlugin({ id: PLUGIN_ID, name: 'Circassian' });
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: () => createElement(Earth),
      intlLabel: { id: `${PLUGIN_ID}.bulk.title`, defaultMessage: 'Circassian bulk translation' },
      Component: () => import('./pages/BulkPage'),
      permissions: [{ action: 'plugin::circassian.bulk', subject: null }],
    });
    app.addSettingsLink('global', {
      id: PLUGIN_ID,
      to: PLUGIN_ID,
      intlLabel: { id: `${PLUGIN_ID}.settings.title`, defaultMessage: 'Circassian' },
      Component: () => import('./pages/SettingsPage'),
      permissions: [{ action: 'plugin::circassian.read', subject: null }],
    });
  },
  /** The admin's strings in each language the admin is shown in (English and Russian ship; others fall back to English). */
  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        try {
          const { default: data } = (await import(`./translations/${locale}.json`)) as { default: Record<string, string> };
          return { data, locale };
        } catch {
          return { data: {}, locale };
        }
      }),
    );
  },
  bootstrap(app: AdminApp) {
    app
      .getPlugin('content-manager')
      .injectComponent('editView', 'right-links', { name: `${PLUGIN_ID}-panel`, Component: TranslationPanel });
    app.registerHook('Admin/CM/pages/ListView/inject-column-in-table', addTranslationColumn);
  },
};
