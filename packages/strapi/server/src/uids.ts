export const JOB_UID = 'plugin::circassian.job';
export const STATE_UID = 'plugin::circassian.translation-state';
export const INSTANCE_UID = 'plugin::circassian.instance';
export const RUN_UID = 'plugin::circassian.bulk-run';
