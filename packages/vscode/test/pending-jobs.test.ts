import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { describe, expect, it } from 'vitest';
import { PendingSpeechJobs, type PendingSpeechJob } from '../src/speech/pending-jobs';

/** A workspace state as VS Code's Memento behaves for these calls: a map of keys. */
class MapMemento implements vscode.Memento {
  readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, defaultValue?: T): T {
    return (this.values.has(key) ? this.values.get(key) : defaultValue) as T;
  }
  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    return Promise.resolve();
  }
}

const job = (jobId: string): PendingSpeechJob => ({
  jobId,
  label: `words of ${jobId}`,
  documentUri: undefined,
  createdAt: '2026-12-07T22:00:00.000Z',
});

function fileIn(): string {
  return join(mkdtempSync(join(tmpdir(), 'pending-jobs-')), 'storage', 'pending-speech-jobs.json');
}

describe('PendingSpeechJobs', () => {
  it('keeps a job on disk by the time add resolves, for an extension host started after a reload', async () => {
    const file = fileIn();
    await new PendingSpeechJobs(file, new MapMemento()).add(job('job_1'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([job('job_1')]);
    expect(new PendingSpeechJobs(file, new MapMemento()).list()).toEqual([job('job_1')]);
  });

  it('keeps every job of adds and removes made without waiting, in order', async () => {
    const file = fileIn();
    const jobs = new PendingSpeechJobs(file, new MapMemento());
    await Promise.all([jobs.add(job('a')), jobs.add(job('b')), jobs.remove('a'), jobs.add(job('c')), jobs.add(job('b'))]);
    expect(new PendingSpeechJobs(file, new MapMemento()).list().map((kept) => kept.jobId)).toEqual(['c', 'b']);
  });

  it('offers the jobs an earlier version kept in the workspace state, and moves them into the file on the next write', async () => {
    const file = fileIn();
    const legacy = new MapMemento();
    await legacy.update('circassian.pendingSpeechJobs', [job('old')]);
    const jobs = new PendingSpeechJobs(file, legacy);
    expect(jobs.list()).toEqual([job('old')]);
    await jobs.add(job('new'));
    expect(legacy.keys()).toEqual([]);
    expect(new PendingSpeechJobs(file, new MapMemento()).list().map((kept) => kept.jobId)).toEqual(['old', 'new']);
  });

  it('reads a file broken by hand as no jobs, and the next write replaces it', async () => {
    const file = fileIn();
    const jobs = new PendingSpeechJobs(file, new MapMemento());
    await jobs.add(job('x'));
    writeFileSync(file, '{ not json');
    expect(jobs.list()).toEqual([]);
    await jobs.add(job('y'));
    expect(jobs.list()).toEqual([job('y')]);
  });
});
