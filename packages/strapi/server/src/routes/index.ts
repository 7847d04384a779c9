// Admin routes only (mounted under /circassian), each behind admin authentication and one of the
// plugin's RBAC actions. There are no content-API routes: the public API never reaches the service.
// The translation memory's counts and an entry's near matches are status (read: what a role may
// see of the memory; an entry's matches also need the Content Manager's read of its source and
// edit of its target); searching every text in it, taking every text out of it, putting units
// into it, editing or deleting one, or clearing it is the memory's own action, and so is the glossary
// (listing, editing, importing and exporting its terms, which every translation applies): a unit holds texts of any content type, draft
// and locale, which no read permission of the Content Manager can be checked against one by one.
import { ACTIONS } from '../permissions';

const guarded = (method: string, path: string, handler: string, action: string) => ({
  method,
  path,
  handler,
  config: { policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [action] } }] },
});

export default {
  admin: {
    type: 'admin',
    routes: [
      guarded('GET', '/settings', 'settings.settings', ACTIONS.read),
      guarded('POST', '/settings/test-connection', 'settings.testConnection', ACTIONS.read),
      guarded('GET', '/memory', 'memory.overview', ACTIONS.read),
      guarded('GET', '/memory/export', 'memory.exportTmx', ACTIONS.memory),
      guarded('POST', '/memory/import', 'memory.importTmx', ACTIONS.memory),
      guarded('POST', '/memory/clear', 'memory.clear', ACTIONS.memory),
      guarded('GET', '/memory/review', 'memory-review.list', ACTIONS.memory),
      guarded('GET', '/memory/search', 'memory-units.search', ACTIONS.memory),
      guarded('PUT', '/memory/units/:id', 'memory-units.editUnit', ACTIONS.memory),
      guarded('DELETE', '/memory/units/:id', 'memory-units.removeUnit', ACTIONS.memory),
      guarded('POST', '/memory/review/accept', 'memory-review.accept', ACTIONS.memory),
      guarded('POST', '/memory/review/remove', 'memory-review.removeBy', ACTIONS.memory),
      guarded('GET', '/glossary', 'glossary.list', ACTIONS.memory),
      guarded('POST', '/glossary', 'glossary.add', ACTIONS.memory),
      guarded('PUT', '/glossary/:id', 'glossary.edit', ACTIONS.memory),
      guarded('DELETE', '/glossary/:id', 'glossary.remove', ACTIONS.memory),
      guarded('POST', '/glossary/import', 'glossary.importFile', ACTIONS.memory),
      guarded('GET', '/glossary/export', 'glossary.exportFile', ACTIONS.memory),
      guarded('GET', '/entries/:uid/:documentId/status', 'entries.entryStatus', ACTIONS.read),
      guarded('POST', '/entries/:uid/:documentId/translate', 'entries.translateEntry', ACTIONS.translate),
      guarded('POST', '/entries/:uid/:documentId/audio', 'audio.generateAudio', ACTIONS.translate),
      guarded('POST', '/entries/:uid/:documentId/voice', 'audio.setVoice', ACTIONS.translate),
      guarded('POST', '/entries/:uid/:documentId/reviewed', 'entries.markReviewed', ACTIONS.translate),
      guarded('POST', '/entries/:uid/:documentId/preview', 'entries.preview', ACTIONS.translate),
      guarded('GET', '/entries/:uid/:documentId/changed-sentences', 'entries.changedSentences', ACTIONS.translate),
      guarded('POST', '/entries/:uid/:documentId/translate-changed', 'entries.translateChanged', ACTIONS.translate),
      guarded('POST', '/entries/:uid/:documentId/near-matches', 'near-matches.list', ACTIONS.read),
      guarded('POST', '/entries/:uid/statuses', 'overview.listStatuses', ACTIONS.read),
      guarded('GET', '/overview', 'overview.overview', ACTIONS.bulk),
      guarded('POST', '/bulk/:uid/locales/:locale/pause', 'overview.pauseLocale', ACTIONS.bulk),
      guarded('POST', '/bulk/:uid/locales/:locale/resume', 'overview.resumeLocale', ACTIONS.bulk),
      guarded('POST', '/bulk/:uid/locales/:locale/cancel', 'overview.cancelLocale', ACTIONS.bulk),
      guarded('POST', '/bulk/:uid/estimate', 'bulk.bulkEstimate', ACTIONS.bulk),
      guarded('POST', '/bulk/:uid', 'bulk.bulkStart', ACTIONS.bulk),
      guarded('GET', '/runs', 'bulk.listRuns', ACTIONS.bulk),
      guarded('GET', '/runs/:run', 'bulk.bulkStatus', ACTIONS.bulk),
      guarded('POST', '/runs/:run/cancel', 'bulk.bulkCancel', ACTIONS.bulk),
      guarded('POST', '/queue/pause', 'settings.pause', ACTIONS.bulk),
      guarded('POST', '/queue/resume', 'settings.resume', ACTIONS.bulk),
    ],
  },
};
