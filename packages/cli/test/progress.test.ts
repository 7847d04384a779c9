import { describe, expect, it } from 'vitest';
import { createProgressReporter, describeProgress } from '../src/progress.js';

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (chunk: string | Uint8Array) => writes.push(String(chunk)) > 0 }, writes };
}

describe('speech progress on stderr', () => {
  it('prints one plain line per change when stderr is not a terminal', () => {
    const { stream, writes } = recorder(false);
    const reporter = createProgressReporter(stream, false);
    reporter.update({ phase: 'submitted', jobId: 'j1', status: 'queued' });
    reporter.update({ phase: 'queued', jobId: 'j1', status: 'queued', elapsedMs: 2000 });
    reporter.update({ phase: 'queued', jobId: 'j1', status: 'queued', elapsedMs: 4000 });
    reporter.update({ phase: 'running', jobId: 'j1', status: 'running', elapsedMs: 6000 });
    reporter.update({ phase: 'done', jobId: 'j1' });
    reporter.stop();
    expect(writes).toEqual(['speech job j1: submitted\n', 'speech job j1: queued\n', 'speech job j1: running\n', 'speech job j1: done\n']);
  });

  it('prints JSON lines with --json', () => {
    const { stream, writes } = recorder(true);
    const reporter = createProgressReporter(stream, true);
    reporter.update({ phase: 'synthesizing' });
    reporter.stop();
    expect(writes.map((line) => JSON.parse(line) as unknown)).toEqual([{ progress: { phase: 'synthesizing' } }]);
  });

  it('draws a spinner with the elapsed seconds on a terminal and clears it when stopped', () => {
    const { stream, writes } = recorder(true);
    let now = 1_000;
    const reporter = createProgressReporter(stream, false, () => now);
    now += 12_400;
    reporter.update({ phase: 'running', jobId: 'j2', status: 'running', elapsedMs: 12_000, part: 2, parts: 3 });
    reporter.stop();
    expect(writes[0]).toMatch(/^\r\x1b\[2K\S speech job j2: running \(part 2\/3\) 12s$/u);
    expect(writes.at(-1)).toBe('\r\x1b[2K');
  });

  it('names the phase of a synchronous request without a job id', () => {
    expect(describeProgress({ phase: 'downloading' })).toBe('speech: downloading the audio');
  });
});
