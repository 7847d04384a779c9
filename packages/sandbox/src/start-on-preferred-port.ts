import { COMMAND_DEFAULT_PORT, type SandboxOptions } from './options.js';
import { startSandbox, type RunningSandbox } from './start.js';

/**
 * Starts the sandbox on `options.port` when one is given, else on COMMAND_DEFAULT_PORT, falling
 * back to a free port (with a warning) when that default is taken. An explicit port that is taken
 * is an error: the caller asked for that address.
 */
export async function startOnPreferredPort(options: SandboxOptions): Promise<RunningSandbox> {
  if (options.port !== undefined) return startSandbox(options);
  try {
    return await startSandbox({ ...options, port: COMMAND_DEFAULT_PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    options.logger?.warn(`port ${COMMAND_DEFAULT_PORT} is taken; listening on a free port instead`);
    return startSandbox({ ...options, port: 0 });
  }
}
