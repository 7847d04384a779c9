// The plugin's own writes, as the document middleware sees them (it sees every write). Publishing
// a target right after storing its audio must not queue that audio again (it would only be
// skipped as unchanged), and the audio a bulk run's publish queues belongs to that run from the
// start: tagged afterwards, another instance could claim it first and the run would count it as
// never queued.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface PluginWrite {
  /** The plugin publishing audio it just stored: no audio is queued for it. */
  ownAudio?: boolean;
  /** The bulk run the write belongs to: the audio it queues is the run's. */
  bulkRun?: string;
}

const current = new AsyncLocalStorage<PluginWrite>();

/** Runs `write` (a document service call) as the plugin's own `context`. */
export const asPluginWrite = <T>(context: PluginWrite, write: () => Promise<T>): Promise<T> => current.run(context, write);

/** The plugin's context of the write the middleware sees; undefined for anyone else's. */
export const pluginWrite = (): PluginWrite | undefined => current.getStore();
