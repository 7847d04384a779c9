// A command refusing its input says why in an error notification and returns the same words to its
// caller (tests, other extensions), so the two never drift apart.
import * as vscode from 'vscode';
import type { NotDone } from '../command-outcome';

export function refuse(errorType: string, message: string): Extract<NotDone, { status: 'error' }> {
  void vscode.window.showErrorMessage(message);
  return { status: 'error', errorType, message };
}
