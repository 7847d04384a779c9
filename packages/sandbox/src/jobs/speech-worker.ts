import { synthesizeSpeech, type SynthesisResult } from '../engines/index.js';
import type { SpeechTask } from '../store/types.js';

interface QueuedTask {
  readonly task: SpeechTask;
  readonly onStart: () => void;
  readonly resolve: (result: SynthesisResult) => void;
  readonly reject: (error: unknown) => void;
}

export interface ScheduledSpeech {
  readonly result: Promise<SynthesisResult>;
  /** Takes the task out of the queue if it has not started; true when it was removed. */
  cancel(): boolean;
}

/**
 * The one speech model slot: tasks (immediate speech and jobs alike) run one at a time in
 * arrival order, each taking `taskMs` real milliseconds, as generation takes time on the service.
 */
export class SpeechWorker {
  readonly #queue: QueuedTask[] = [];
  #timer: NodeJS.Timeout | undefined;
  #busy = false;
  #closed = false;

  constructor(private readonly taskMs: number) {}

  schedule(task: SpeechTask, onStart: () => void = () => {}): ScheduledSpeech {
    let queued: QueuedTask | undefined;
    const result = new Promise<SynthesisResult>((resolve, reject) => {
      queued = { task, onStart, resolve, reject };
    });
    if (queued) this.#queue.push(queued);
    // Generation starts on a later turn, so a new job is reported `queued` even when the slot is free.
    setImmediate(() => this.#next());
    return {
      result,
      cancel: () => {
        const index = queued ? this.#queue.indexOf(queued) : -1;
        if (index >= 0) this.#queue.splice(index, 1);
        return index >= 0;
      },
    };
  }

  /** Stops taking tasks; queued and running ones never finish (their jobs stay queued or running). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #next(): void {
    if (this.#busy || this.#closed) return;
    const queued = this.#queue.shift();
    if (!queued) return;
    this.#busy = true;
    queued.onStart();
    this.#timer = setTimeout(() => {
      this.#busy = false;
      try {
        queued.resolve(synthesizeSpeech(queued.task));
      } catch (error) {
        queued.reject(error);
      }
      // The next task starts after the finished one's continuations have run (its job is `done`
      // before the next is `running`).
      setImmediate(() => this.#next());
    }, this.taskMs);
  }
}
