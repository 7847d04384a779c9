// Long speech runs as a job on the service. Its id is kept until the audio is saved, so a window
// reload, a cancelled wait or a killed extension host can resume it instead of paying again.
//
// The ids live in a file of the extension's own storage, replaced whole and awaited before the wait
// goes on. The workspace state (a Memento) was not enough: the window writes it to its storage a
// moment later, and a reload that came first lost the id, so nothing was offered for resuming.
// Every window of the workspace reads the same file, so a job one window kept another can resume.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type * as vscode from 'vscode';
import { replaceFile } from '@circassian/core';

export interface PendingSpeechJob {
  readonly jobId: string;
  /** The first words of the text, to tell jobs apart in a prompt. */
  readonly label: string;
  readonly documentUri: string | undefined;
  readonly createdAt: string;
}

/** Where earlier versions kept the ids: still read, and moved into the file by the next write. */
const LEGACY_STATE_KEY = 'circassian.pendingSpeechJobs';

export class PendingSpeechJobs {
  #writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly legacy: vscode.Memento,
  ) {}

  list(): PendingSpeechJob[] {
    const kept = this.#fromFile();
    const legacy = this.legacy
      .get<PendingSpeechJob[]>(LEGACY_STATE_KEY, [])
      .filter((job) => !kept.some((other) => other.jobId === job.jobId));
    return [...kept, ...legacy];
  }

  #fromFile(): PendingSpeechJob[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return [];
    }
    try {
      const jobs: unknown = JSON.parse(text);
      return Array.isArray(jobs) ? jobs.filter(isPendingJob) : [];
    } catch {
      // A file someone broke by hand: nothing to resume, and the next write replaces it.
      return [];
    }
  }

  /** Resolves once the id is on disk. */
  add(job: PendingSpeechJob): Promise<void> {
    return this.#change((jobs) => [...jobs.filter((other) => other.jobId !== job.jobId), job]);
  }

  remove(jobId: string): Promise<void> {
    return this.#change((jobs) => jobs.filter((job) => job.jobId !== jobId));
  }

  // One write at a time, each reading what the last one wrote.
  #change(edit: (jobs: PendingSpeechJob[]) => PendingSpeechJob[]): Promise<void> {
    const write = this.#writes.then(async () => {
      const jobs = edit(this.list());
      await mkdir(dirname(this.file), { recursive: true });
      await replaceFile(this.file, (handle) => handle.writeFile(`${JSON.stringify(jobs, null, 2)}\n`));
      if (this.legacy.get(LEGACY_STATE_KEY) !== undefined) await this.legacy.update(LEGACY_STATE_KEY, undefined);
    });
    this.#writes = write.catch(() => undefined);
    return write;
  }
}

/** The workspace's file (the window's own storage when no folder is open). */
export function pendingSpeechJobsFile(context: Pick<vscode.ExtensionContext, 'storageUri' | 'globalStorageUri'>): string {
  return join((context.storageUri ?? context.globalStorageUri).fsPath, 'pending-speech-jobs.json');
}

function isPendingJob(value: unknown): value is PendingSpeechJob {
  return typeof value === 'object' && value !== null && typeof (value as { jobId?: unknown }).jobId === 'string';
}
