/**
 * Shows a long request's progress on stderr while it runs: a spinner with the elapsed time on a
 * terminal, one plain line per change otherwise (logs and CI), one JSON object per change with --json.
 */
import type { SpeechProgress } from '@circassian/core';
import type { OutputStream } from './io.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SPIN_INTERVAL_MS = 100;

export function describeProgress(progress: SpeechProgress): string {
  const part =
    progress.part !== undefined && progress.parts !== undefined && progress.parts > 1 ? ` (part ${progress.part}/${progress.parts})` : '';
  const job = progress.jobId !== undefined ? `speech job ${progress.jobId}` : 'speech';
  const what = progress.phase === 'downloading' ? 'downloading the audio' : progress.phase;
  return `${job}: ${what}${part}`;
}

export interface ProgressReporter {
  /** `line` is what a person reads; `data` is what --json prints as `{"progress": data}`. */
  update(line: string, data: object): void;
  /** Clears the spinner line; call it however the request ended. */
  stop(): void;
}

export interface ProgressOptions {
  readonly json: boolean;
  /** Whether to print plain lines when stderr is not a terminal (default true). */
  readonly plainLines?: boolean;
  readonly now?: () => number;
}

export function createProgressReporter(stream: OutputStream, options: ProgressOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const started = now();
  let last = '';
  if (options.json || !stream.isTTY) {
    if (!options.json && options.plainLines === false) return { update() {}, stop() {} };
    return {
      update(line, data) {
        if (line === last) return; // polls repeat the same state every few seconds
        last = line;
        stream.write(options.json ? `${JSON.stringify({ progress: data })}\n` : `${line}\n`);
      },
      stop() {},
    };
  }
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    const seconds = Math.floor((now() - started) / 1000);
    stream.write(`\r\x1b[2K${FRAMES[frame % FRAMES.length]} ${last} ${seconds}s`);
    frame += 1;
  };
  return {
    update(line) {
      last = line;
      // The spinner starts with the first update, so a quick request never draws anything.
      if (timer === undefined) {
        timer = setInterval(draw, SPIN_INTERVAL_MS);
        timer.unref();
      }
      draw();
    },
    stop() {
      if (timer === undefined) return;
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}
