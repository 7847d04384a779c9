import { notFound } from '../http/errors.js';
import type { JobRecord } from '../store/types.js';
import { json, type ApiContext, type Reply } from './context.js';

/**
 * The job as the interface shows it; `duration_seconds` is the sandbox's name for the duration,
 * and the service-clock times (`created_at`, `started_at`, `ended_at`) are additional properties.
 */
export function jobView(job: JobRecord): Record<string, unknown> {
  return {
    job_id: job.job_id,
    status: job.status,
    poll_url: `/v1/jobs/${job.job_id}`,
    created_at: isoTime(job.created_at),
    ...(job.started_at === null ? {} : { started_at: isoTime(job.started_at) }),
    ...(job.ended_at === null ? {} : { ended_at: isoTime(job.ended_at) }),
    ...(job.status === 'done' && job.artifact_id !== null
      ? { audio_url: `/v1/audio/${job.artifact_id}`, duration_seconds: job.duration_seconds }
      : {}),
    ...(job.status === 'failed' ? { error: job.error ?? 'Speech generation failed.' } : {}),
  };
}

/** `GET /v1/jobs/{job_id}`: only the key that made the job sees it. */
export function getJob({ key, params, services }: ApiContext): Reply {
  const job = services.jobs.job(params['job_id'] ?? '', key.prefix);
  if (!job) throw notFound('No such job, or its link expired.');
  return json(jobView(job));
}

/** `GET /v1/audio/{artifact_id}`: the file, for the key that made it, until its link expires. */
export function getAudio({ key, params, call, services }: ApiContext): Reply {
  const audio = services.jobs.audio(params['artifact_id'] ?? '', key.prefix);
  if (!audio) throw notFound('No such audio file, or its link expired.');
  call.volume = { audio_seconds: audio.record.duration_seconds };
  return { kind: 'audio', wav: audio.wav };
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
