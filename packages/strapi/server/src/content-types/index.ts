import instance from './instance';
import job from './job';
import translationState from './translation-state';

export default { instance, job, 'translation-state': translationState };
