/**
 * Shows a speech request's progress on stderr while it runs: a spinner with the elapsed time on a
 * terminal, one plain line per change otherwise (logs and CI), one JSON object per change with --json.
 */
import type { SpeechProgress } from '@circassian/core';
import type { OutputStream } from './io.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SPIN_INTERVAL_MS = 100;

export function describeProgress(progress: SpeechProgress): string {
  const part = progress.part !== undefined && progress.parts !== undefined && progress.parts > 1 ? ` (part ${progress.part}/${progress.parts})` : '';
  const job = progress.jobId !== undefined ? `speech job ${progress.jobId}` : 'speech';
  switch (progress.phase) {
    case 'submitted':
      return `${job}: submitted${part}`;
    case 'synthesizing':
      return `${job}: synthesizing${part}`;
    case 'queued':
      return `${job}: queued${part}`;
    case 'running':
      return `${job}: running${part}`;
    case 'downloading':
      return `${job}: downloading the audio${part}`;
    case 'done':
      return `${job}: done${part}`;
  }
}

export interface ProgressReporter {
  update(progress: SpeechProgress): void;
  /** Clears the spinner line; call it however the request ended. */
  stop(): void;
}

export function createProgressReporter(stream: OutputStream, json: boolean, now: () => number = Date.now): ProgressReporter {
  const started = now();
  let last = '';
  if (json || !stream.isTTY) {
    return {
      update(progress) {
        const line = describeProgress(progress);
        if (line === last) return; // polls repeat the same state every few seconds
        last = line;
        stream.write(json ? `${JSON.stringify({ progress })}\n` : `${line}\n`);
      },
      stop() {},
    };
  }
  let frame = 0;
  const draw = () => {
    const seconds = Math.floor((now() - started) / 1000);
    stream.write(`\r\x1b[2K${FRAMES[frame % FRAMES.length]} ${last} ${seconds}s`);
    frame += 1;
  };
  last = 'speech: sending';
  const timer = setInterval(draw, SPIN_INTERVAL_MS);
  timer.unref();
  return {
    update(progress) {
      last = describeProgress(progress);
      draw();
    },
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}
