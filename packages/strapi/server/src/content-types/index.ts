import job from './job';
import translationState from './translation-state';

export default { job, 'translation-state': translationState };
