#!/usr/bin/env node
/** The `circassian` executable: runs `main` on the process and sets its exit code. */
import { main } from './main.js';
import { processIo } from './io.js';

const controller = new AbortController();
// The first Ctrl-C aborts the running request cleanly (a speech job's id is printed for resuming); a second one kills.
process.once('SIGINT', () => controller.abort());

// `circassian batch big.txt | head` closes stdout early: that ends the command quietly, not with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2), processIo(), { signal: controller.signal });
