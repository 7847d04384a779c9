// Test-only kill points (issue 37: "kill it anywhere"). The end-to-end tests must kill Strapi at an
// exact instruction (between two writes), which a SIGKILL sent from outside only hits by luck. With
// CIRCASSIAN_TEST_FAULT_FILE set in Strapi's environment (never in production: nothing sets it but
// the tests), a file at that path naming a point arms it: the process removes the file (so the
// restart runs on) and kills itself with SIGKILL there, with no shutdown, as a crash or the OOM
// killer would. Unset, a point is a variable read.
import { readFileSync, rmSync } from 'node:fs';

/** The instructions a test may kill Strapi at. */
export type FaultPoint =
  /** The writer wrote a target locale and has not yet saved its state. */
  | 'target-written'
  /** A translation request's answers arrived (and were kept) before anything is written. */
  | 'answers-received';

export function faultPoint(point: FaultPoint): void {
  const file = process.env.CIRCASSIAN_TEST_FAULT_FILE;
  if (!file) return;
  let armed: string;
  try {
    armed = readFileSync(file, 'utf8').trim();
  } catch {
    return;
  }
  if (armed !== point) return;
  rmSync(file, { force: true });
  process.kill(process.pid, 'SIGKILL');
}
