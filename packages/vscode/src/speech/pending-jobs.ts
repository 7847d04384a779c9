// Long speech runs as a job on the service. Its id is kept in the workspace state until the audio
// is saved, so a window reload (or a cancelled wait) can resume it instead of paying again.
import type * as vscode from 'vscode';

export interface PendingSpeechJob {
  readonly jobId: string;
  /** The first words of the text, to tell jobs apart in a prompt. */
  readonly label: string;
  readonly documentUri: string | undefined;
  readonly createdAt: string;
}

const STATE_KEY = 'circassian.pendingSpeechJobs';

export class PendingSpeechJobs {
  constructor(private readonly state: vscode.Memento) {}

  list(): PendingSpeechJob[] {
    return this.state.get<PendingSpeechJob[]>(STATE_KEY, []);
  }

  async add(job: PendingSpeechJob): Promise<void> {
    await this.state.update(STATE_KEY, [...this.list().filter((other) => other.jobId !== job.jobId), job]);
  }

  async remove(jobId: string): Promise<void> {
    await this.state.update(
      STATE_KEY,
      this.list().filter((job) => job.jobId !== jobId),
    );
  }
}
