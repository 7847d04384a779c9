import { isSpeechLanguage, serviceFacts, SPEECH_LANGUAGES } from '@circassian/core';
import { normalizePalochka } from '@circassian/core/palochka';
import { speechDurationSeconds, type SynthesisResult } from '../engines/index.js';
import { invalidRequest, ServiceError } from '../http/errors.js';
import type { SpeechWorker } from '../jobs/speech-worker.js';
import type { SpeechTask } from '../store/types.js';
import { characterCount } from '@circassian/core/text';
import { validateBody } from '../validation/schema.js';
import { SPEECH_REQUEST, type SpeechBody } from '../validation/requests.js';
import { json, type ApiContext, type Reply } from './context.js';
import { jobView } from './jobs.js';

/**
 * `POST /v1/speech`: up to the synchronous limit the audio comes back at once (after waiting for
 * the single model slot); longer text becomes a job. The expected seconds are checked against the
 * daily quota at submission.
 */
export async function speech({ key, body, call, services }: ApiContext): Promise<Reply> {
  const task = speechTask(validateBody<SpeechBody>(SPEECH_REQUEST, body));
  const seconds = speechDurationSeconds(task.text, task.speed);
  call.volume = { audio_seconds: seconds };
  if (task.usesReferenceAudio) call.ref_audio_used = true;
  const day = services.ledger.reserveSpeech(key, seconds);

  if (characterCount(task.text) > serviceFacts.limits.speechSyncMaxChars) {
    const job = services.jobs.submit({ owner: key.prefix, task, reservedSeconds: seconds, reservedDay: day });
    return json(jobView(job));
  }
  let result: SynthesisResult;
  try {
    result = await synthesizeInTime(services.worker, task, services.queueTimeoutMs);
  } catch (error) {
    services.ledger.adjustSpeech(key.prefix, day, -seconds);
    throw error;
  }
  services.ledger.adjustSpeech(key.prefix, day, result.durationSeconds - seconds);
  call.volume = { audio_seconds: result.durationSeconds };
  return { kind: 'audio', wav: result.wav, durationSeconds: result.durationSeconds };
}

/** Applies the rules the schema does not express and the defaults; the text is palochka-normalised. */
function speechTask(request: SpeechBody): SpeechTask {
  const { defaults, limits, voices } = serviceFacts;
  const language = request.language ?? defaults.speechLanguage;
  if (!isSpeechLanguage(language)) {
    throw invalidRequest(`Speech is not available in '${language}'; speech languages are ${SPEECH_LANGUAGES.join(', ')}.`);
  }
  const voice = request.voice ?? defaults.voice;
  if (!voices.some((v) => v.id === voice)) {
    throw invalidRequest(`Unknown voice '${voice}'; voices are ${voices.map((v) => v.id).join(', ')}.`);
  }
  const speed = request.speed ?? defaults.speed;
  if (!(speed > limits.speedExclusiveMin && speed <= limits.speedMax)) {
    throw invalidRequest(`speed must be above ${limits.speedExclusiveMin} and at most ${limits.speedMax}; got ${speed}.`);
  }
  const reference = request.ref_audio_url ?? null;
  if (reference !== null && !isHttpUrl(reference)) {
    throw invalidRequest('ref_audio_url must be an http or https URL.');
  }
  return {
    text: normalizePalochka(request.text),
    language,
    voice,
    speed,
    instruct: request.instruct ?? null,
    usesReferenceAudio: reference !== null,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Waits for the model slot; queue_timeout when no slot frees within `timeoutMs`. */
function synthesizeInTime(worker: SpeechWorker, task: SpeechTask, timeoutMs: number): Promise<SynthesisResult> {
  return new Promise((resolve, reject) => {
    let started = false;
    let timer: NodeJS.Timeout | undefined;
    const scheduled = worker.schedule(task, () => {
      started = true;
      clearTimeout(timer);
    });
    if (!started) {
      timer = setTimeout(() => {
        if (scheduled.cancel()) {
          reject(new ServiceError('queue_timeout', 'The speech model is busy and no slot freed in time; retry in a few seconds.'));
        }
      }, timeoutMs);
    }
    scheduled.result.then(resolve, reject);
  });
}
