import bulkRun from './bulk-run';
import glossaryEntry from './glossary-entry';
import instance from './instance';
import job from './job';
import memoryUnit from './memory-unit';
import translationState from './translation-state';

export default {
  'bulk-run': bulkRun,
  'glossary-entry': glossaryEntry,
  instance,
  job,
  'memory-unit': memoryUnit,
  'translation-state': translationState,
};
