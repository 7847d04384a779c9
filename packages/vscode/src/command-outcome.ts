// What a command returns, in a file of its own: the services and the helpers they hold both need
// it, and neither may import the other.

/** What every command returns to a caller (tests, other extensions); the UI shows the same. */
export type CommandOutcome<Value extends object = object> = ({ readonly status: 'ok' } & Value) | NotDone;

/** A command that did nothing: it failed, was cancelled, or had nothing to work on. */
export type NotDone =
  | { readonly status: 'error'; readonly errorType: string; readonly message: string }
  | { readonly status: 'cancelled' | 'nothing'; readonly message?: string; readonly reason?: string };
