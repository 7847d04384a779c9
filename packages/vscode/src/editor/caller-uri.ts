// A file a command's caller names (other extensions, tests, menus), in whichever form it arrives.
import * as vscode from 'vscode';

/** A `{ uri }` a caller gave: a Uri, its fields (across a process boundary), a path or a URI string. */
export function callerUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (value !== null && typeof value === 'object' && typeof (value as { scheme?: unknown }).scheme === 'string')
    return vscode.Uri.from(value as vscode.Uri);
  if (typeof value === 'string' && value)
    return value.includes(':') && !/^[A-Za-z]:[\\/]/.test(value) ? vscode.Uri.parse(value) : vscode.Uri.file(value);
  return undefined;
}
