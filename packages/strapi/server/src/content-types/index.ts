import bulkRun from './bulk-run';
import instance from './instance';
import job from './job';
import translationState from './translation-state';

export default { 'bulk-run': bulkRun, instance, job, 'translation-state': translationState };
