// circassian.resumeSpeech: fetches the audio of a speech job whose wait was interrupted.
import * as vscode from 'vscode';
import type { CommandOutcome, Services } from '../services';
import { resumeJob, type SpeakOptions } from '../speech/speak';

export async function resumeSpeech(services: Services, options: SpeakOptions & { jobId?: string } = {}): Promise<CommandOutcome> {
  let jobId = options.jobId;
  if (!jobId) {
    const pending = services.speechJobs.list();
    if (pending.length === 0) return { status: 'nothing', message: vscode.l10n.t('No interrupted speech job.') };
    const picked =
      pending.length === 1
        ? pending[0]
        : await vscode.window
            .showQuickPick(
              pending.map((job) => ({ label: job.label, description: job.createdAt, job })),
              { title: vscode.l10n.t('Resume which speech job?') },
            )
            .then((item) => item?.job);
    if (!picked) return { status: 'cancelled' };
    jobId = picked.jobId;
  }
  return resumeJob(services, jobId, options);
}
