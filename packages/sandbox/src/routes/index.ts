import { serviceFacts, OPERATION_NAMES, type OperationName } from '@circassian/core';
import type { Route } from '../http/router.js';
import type { ApiHandler } from './context.js';
import { getAudio, getJob } from './jobs.js';
import { languages, voices } from './listings.js';
import { detect, dictionary } from './lookup.js';
import { me } from './me.js';
import { speech } from './speech.js';
import { translate, translateBatch } from './translate.js';

export interface ApiOperation {
  readonly name: OperationName;
  readonly handler: ApiHandler;
  /** The engine behind the operation, as named in call records (null when none is involved). */
  readonly model: string | null;
}

const SPEECH_MODEL = 'sandbox-tone-speech';

const OPERATIONS: Readonly<Record<OperationName, Omit<ApiOperation, 'name'>>> = {
  me: { handler: me, model: null },
  translate: { handler: translate, model: 'sandbox-pseudo-translation' },
  batch: { handler: translateBatch, model: 'sandbox-pseudo-translation' },
  dictionary: { handler: dictionary, model: 'sandbox-dictionary' },
  detect: { handler: detect, model: 'sandbox-script-detection' },
  languages: { handler: languages, model: null },
  voices: { handler: voices, model: null },
  speech: { handler: speech, model: SPEECH_MODEL },
  jobs: { handler: getJob, model: SPEECH_MODEL },
  audio: { handler: getAudio, model: SPEECH_MODEL },
};

/** The v1 routes, with methods and paths from the service facts. */
export const API_ROUTES: readonly Route<ApiOperation>[] = OPERATION_NAMES.map((name) => ({
  method: serviceFacts.operations[name].method,
  path: serviceFacts.operations[name].path,
  handler: { name, ...OPERATIONS[name] },
}));
