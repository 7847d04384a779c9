// The client the speech memory asks for each part it does not hold (core's SpeechClient), made of
// the service's steps rather than its one-shot speech(): a part the service answers at once comes
// back as audio; a part it makes a job of (over 1,500 characters: a long sentence, a part of one
// over 20,000) has its job id saved on the queue row before the wait, so a restart resumes that job
// instead of paying for the part again, as the whole text's job was resumed before. Only one part is
// under way at a time and every part is stored the moment it arrives, so one saved id is enough.
// Each part's audio link is checked to be the service's own before it is fetched, and each part is
// checked as a WAV file before the memory stores it.
import { speechKey, type SpeechClient, type SpeechRequest, type SpeechResult } from '@circassian/core';
import { NotFoundError, type CircassianClient } from '@circassian/core';
import { wavDurationSeconds } from '@circassian/core/wav';
import { foreignOrigin } from './audio-origin';
import { PluginJobError } from './errors';
import { wavProblem } from './wav-check';

/** The speech job of the part under way, kept on the queue row. */
export interface SavedSpeechJob {
  readonly key: string;
  readonly jobId: string;
}

export interface ResumableSpeechOptions {
  readonly client: Pick<CircassianClient, 'submitSpeech' | 'waitForJob' | 'downloadAudio'>;
  /** The service's address: audio links elsewhere are refused. */
  readonly baseUrl: string | undefined;
  /** The job a killed run left under way, if any. */
  readonly saved: SavedSpeechJob | undefined;
  /** Saves the job of the part under way (with the requests spent so far) before waiting for it. */
  readonly save: (job: SavedSpeechJob, requests: number) => Promise<void>;
  /** Called at each step of a job's wait (the queue row's lease is extended). */
  readonly onStep?: () => void;
  /** Names the entry in the log line of a refused part. */
  readonly describe: string;
}

/** The client, and what it spent that `save` has not been told of yet. */
export function resumableSpeech(options: ResumableSpeechOptions): SpeechClient & { unsaved(): { requests: number; seconds: number } } {
  const { client, baseUrl, describe } = options;
  let saved = options.saved;
  let requests = 0;
  let seconds = 0;

  const checked = (audio: Uint8Array | undefined, durationSeconds: number | undefined, contentType: string): SpeechResult => {
    if (!audio) throw new PluginJobError('invalid_response', 'The speech service answered without audio. Generate it again.');
    // Checked before the memory stores it: the Media Library would serve anything as audio.
    const problem = wavProblem(audio);
    if (problem) throw new PluginJobError('invalid_response', problem, `refused the audio of ${describe}: ${problem}`);
    const length = durationSeconds ?? wavDurationSeconds(audio);
    seconds += length;
    return { audio, contentType, durationSeconds: length };
  };

  return {
    unsaved: () => ({ requests, seconds }),

    async speech(request: SpeechRequest): Promise<SpeechResult> {
      const { text, ...voice } = request;
      const key = speechKey(text, voice);
      const wait = (jobId: string) =>
        client.waitForJob(jobId, {
          onProgress: () => {
            requests++;
            options.onStep?.();
          },
        });
      /** One request: the audio, or the job, saved before anything waits for it. */
      const submit = async (): Promise<SpeechResult | string> => {
        const submitted = await client.submitSpeech(request);
        requests++;
        if (submitted.kind === 'audio') return checked(submitted.audio, submitted.durationSeconds, submitted.contentType);
        saved = { key, jobId: submitted.job.job_id };
        await options.save(saved, requests);
        requests = 0;
        return saved.jobId;
      };
      let jobId = saved?.key === key ? saved.jobId : undefined;
      let done;
      if (jobId) {
        try {
          done = await wait(jobId);
        } catch (error) {
          // A saved job the service no longer knows (expired since the kill) is bought again, once.
          if (!(error instanceof NotFoundError)) throw error;
          jobId = undefined;
        }
      }
      if (!jobId) {
        const submitted = await submit();
        if (typeof submitted !== 'string') return submitted;
        jobId = submitted;
      }
      done ??= await wait(jobId);
      const link = done.audio_url ?? '';
      const refused = foreignOrigin(link, baseUrl);
      if (refused) {
        throw new PluginJobError(
          'invalid_response',
          'The speech service gave an audio link on another address, so it was not fetched and no audio was saved. Ask your administrator to check the service address.',
          `refused the audio link of speech job ${jobId}: it points at ${refused}, not at the service`,
        );
      }
      const { audio, contentType } = await client.downloadAudio(link);
      requests++;
      return checked(audio, typeof done.duration_seconds === 'number' ? done.duration_seconds : undefined, contentType);
    },
  };
}
