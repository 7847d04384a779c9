import bulkRun from './bulk-run';
import instance from './instance';
import job from './job';
import memoryUnit from './memory-unit';
import translationState from './translation-state';

export default { 'bulk-run': bulkRun, instance, job, 'memory-unit': memoryUnit, 'translation-state': translationState };
