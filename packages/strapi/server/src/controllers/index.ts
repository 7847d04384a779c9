// One controller per admin page (as Strapi's i18n plugin has one per resource): the edit view's
// panel (entries, audio, near-matches), the settings page (settings, memory, memory-review,
// memory-units), the bulk page (bulk, overview).
import audio from './audio';
import bulk from './bulk';
import entries from './entries';
import glossary from './glossary';
import memory from './memory';
import memoryReview from './memory-review';
import memoryUnits from './memory-units';
import nearMatches from './near-matches';
import overview from './overview';
import settings from './settings';

export default {
  audio,
  bulk,
  entries,
  glossary,
  memory,
  'memory-review': memoryReview,
  'memory-units': memoryUnits,
  'near-matches': nearMatches,
  overview,
  settings,
};
