// The admin permissions (RBAC actions) that guard the plugin's routes.
export const ACTIONS = {
  read: 'plugin::circassian.read',
  translate: 'plugin::circassian.translate',
  bulk: 'plugin::circassian.bulk',
  memory: 'plugin::circassian.memory',
} as const;

export const ACTION_DEFINITIONS = [
  { section: 'plugins', displayName: 'See translation status and settings', uid: 'read', pluginName: 'circassian' },
  { section: 'plugins', displayName: 'Translate entries and generate audio', uid: 'translate', pluginName: 'circassian' },
  { section: 'plugins', displayName: 'Run, pause and cancel bulk translations', uid: 'bulk', pluginName: 'circassian' },
  {
    section: 'plugins',
    displayName: 'Teach, export, import and clear the translation memory',
    uid: 'memory',
    pluginName: 'circassian',
  },
];
