// Names shared by the services, the controllers and the worker: the kinds and states of a queued
// job, and the pause scopes (one per allowance, plus the whole queue).
export type JobKind = 'translate' | 'audio';
// 'held': queued by a save of someone whose role may not write that locale; it waits, never
// claimed, until someone who may asks for the same work (a save, "Translate now", a bulk run).
export type JobStatus = 'pending' | 'running' | 'done' | 'skipped' | 'failed' | 'cancelled' | 'held';
export const JOB_STATUSES: readonly JobStatus[] = ['pending', 'running', 'done', 'skipped', 'failed', 'cancelled', 'held'];

/** A pause of the whole queue (by hand, a refused key, daily requests spent) or of one kind of job (its allowance spent). */
export type PauseScope = 'all' | JobKind;
export const PAUSE_SCOPES: readonly PauseScope[] = ['all', 'translate', 'audio'];

/** The Media Library folder the plugin's audio files go into, and the upload plugin's folder and file models. */
export const AUDIO_FOLDER_NAME = 'Circassian audio';
export const UPLOAD_FOLDER_UID = 'plugin::upload.folder';
export const UPLOAD_FILE_UID = 'plugin::upload.file';

/** How often one instance applies the speech memory's limits (a walk of its table and the audio folder). */
export const SPEECH_MEMORY_CLEAN_EVERY_MS = 6 * 60 * 60 * 1000;

/** Ordinary reading pace at speed 1.0, for estimates of audio seconds before any audio exists. */
export const SPOKEN_CHARACTERS_PER_SECOND = 15;

/** The plugin's own content types (its tables). */
export const JOB_UID = 'plugin::circassian.job';
export const STATE_UID = 'plugin::circassian.translation-state';
export const INSTANCE_UID = 'plugin::circassian.instance';
export const RUN_UID = 'plugin::circassian.bulk-run';
export const MEMORY_UID = 'plugin::circassian.memory-unit';
export const GLOSSARY_UID = 'plugin::circassian.glossary-entry';

/** Strapi's admin users (who created an entry, by id: their e-mail names them in the memory). */
export const ADMIN_USER_UID = 'admin::user';

/** The error type a held job carries, for the admin's words. */
export const HELD_ERROR_TYPE = 'held_by_role';

/**
 * The largest TMX an import reads: a memory of 100,000 units is about 30 MB. A request body Strapi
 * does not parse (application/xml, streamed into the memory) has no limit of its own.
 */
export const MEMORY_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** The largest glossary file an import reads (TBX or CSV, read whole: a glossary of 50,000 terms is a few megabytes). */
export const GLOSSARY_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
