// The extension's speech memory (issue 35): core's SpeechMemory over a FolderSpeechStore in the
// extension's global storage (`speech-memory/`, one WAV per sentence and voice), shared by every
// workspace of this machine, as the CLI keeps one in a cache folder. Its limits are core's
// (DEFAULT_SPEECH_STORE_LIMITS), applied after a Speak that voiced something.
import * as vscode from 'vscode';
import { FolderSpeechStore, InMemorySpeechStore, SpeechMemory } from '@circassian/core';

export function speechMemoryIn(storage: vscode.Uri): SpeechMemory {
  // The extension runs in a Node host (desktop, Remote, code-server): its storage is on disk. A
  // storage elsewhere keeps the sentences for this session only.
  const store =
    storage.scheme === 'file' ? new FolderSpeechStore(vscode.Uri.joinPath(storage, 'speech-memory').fsPath) : new InMemorySpeechStore();
  return new SpeechMemory(store);
}
