export const PLUGIN_ID = 'circassian';
