// How a run says what the translation memory saved: "412 characters from the translation memory,
// 58 sent." in the output channel (and in Translate File's closing line), only when it answered something.
import * as vscode from 'vscode';
import type { Services } from '../services';

export function memoryUseLine(fromMemory: number, sent: number): string {
  return vscode.l10n.t('{0} characters from the translation memory, {1} sent.', fromMemory, sent);
}

export function logMemoryUse(services: Services, what: string, fromMemory: number, sent: number): void {
  if (fromMemory > 0) services.output.info(`${what}: ${memoryUseLine(fromMemory, sent)}`);
}
