import { describe, expect, it } from 'vitest';
import type { SpeechProgress } from '@circassian/core';
import { createProgressReporter, describeProgress } from '../src/progress.js';

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (chunk: string | Uint8Array) => writes.push(String(chunk)) > 0 }, writes };
}

describe('speech progress on stderr', () => {
  it('prints one plain line per change when stderr is not a terminal', () => {
    const { stream, writes } = recorder(false);
    const reporter = createProgressReporter(stream, { json: false });
    const updates: SpeechProgress[] = [
      { phase: 'submitted', jobId: 'j1', status: 'queued' },
      { phase: 'queued', jobId: 'j1', status: 'queued', elapsedMs: 2000 },
      { phase: 'queued', jobId: 'j1', status: 'queued', elapsedMs: 4000 },
      { phase: 'running', jobId: 'j1', status: 'running', elapsedMs: 6000 },
      { phase: 'done', jobId: 'j1' },
    ];
    for (const update of updates) reporter.update(describeProgress(update), update);
    reporter.stop();
    expect(writes).toEqual(['speech job j1: submitted\n', 'speech job j1: queued\n', 'speech job j1: running\n', 'speech job j1: done\n']);
  });

  it('prints JSON lines with --json', () => {
    const { stream, writes } = recorder(true);
    const reporter = createProgressReporter(stream, { json: true });
    reporter.update(describeProgress({ phase: 'synthesizing' }), { phase: 'synthesizing' });
    reporter.stop();
    expect(writes.map((line) => JSON.parse(line) as unknown)).toEqual([{ progress: { phase: 'synthesizing' } }]);
  });

  it('draws a spinner with the elapsed seconds on a terminal and clears it when stopped', () => {
    const { stream, writes } = recorder(true);
    let now = 1_000;
    const reporter = createProgressReporter(stream, { json: false, now: () => now });
    now += 12_400;
    reporter.update(describeProgress({ phase: 'running', jobId: 'j2', status: 'running', elapsedMs: 12_000, part: 2, parts: 3 }), {});
    reporter.stop();
    expect(writes[0]).toMatch(/^\r\x1b\[2K\S speech job j2: running \(part 2\/3\) 12s$/u);
    expect(writes.at(-1)).toBe('\r\x1b[2K');
  });

  it('stays silent off a terminal when plain lines are not wanted', () => {
    const { stream, writes } = recorder(false);
    const reporter = createProgressReporter(stream, { json: false, plainLines: false });
    reporter.update('translated 50/100 lines', { done: 50, total: 100 });
    reporter.stop();
    expect(writes).toEqual([]);
  });

  it('draws nothing on a terminal when the request ends before any update', () => {
    const { stream, writes } = recorder(true);
    createProgressReporter(stream, { json: false }).stop();
    expect(writes).toEqual([]);
  });

  it('names the phase of a synchronous request without a job id', () => {
    expect(describeProgress({ phase: 'downloading' })).toBe('speech: downloading the audio');
  });
});
