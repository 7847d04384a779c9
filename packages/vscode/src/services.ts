// What the commands share, built once in `activate` and passed down (no module-level state).
import type * as vscode from 'vscode';
import type { SpeechMemory } from '@circassian/core';
import type { PalochkaTarget } from '@circassian/core/palochka';
import type { ClientFactory } from './client-factory';
import type { ConfigStore } from './config';
import type { LastTextEditor } from './editor/last-text-editor';
import type { ListingCache } from './listing-cache';
import type { MemoryAuthor } from './memory/author';
import type { InsertedTranslations } from './memory/inserted-translations';
import type { WorkspaceMemory } from './memory/workspace-memory';
import type { WorkspaceGlossary } from './glossary/workspace-glossary';
import type { BesideTranslations } from './translate/beside';
import type { PendingSpeechJobs } from './speech/pending-jobs';
import type { SpeechPlayer } from './speech/player';
import type { SpeechCache } from './speech/speech-cache';
import type { ReadAlong } from './speech/read-along';
import type { SpendingLedger } from './spending';
import type { TranslationChecks } from './translate/translation-checks';

export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly config: ConfigStore;
  readonly clients: ClientFactory;
  readonly listings: ListingCache;
  readonly beside: BesideTranslations;
  readonly speechJobs: PendingSpeechJobs;
  /** Spoken audio by text and voice, so the same is never paid twice; the workspace gets a copy only on Save. */
  readonly speechCache: SpeechCache;
  /** Spoken sentences by text and voice (core's speech memory, in the extension's storage): no sentence is paid twice. */
  readonly speechMemory: SpeechMemory;
  /** The speech players and their buttons in the status bar. */
  readonly player: SpeechPlayer;
  /** The sentence being read, highlighted in the editor while the player plays. */
  readonly readAlong: ReadAlong;
  /** What this editor spent today (Show Account shows it beside the limits). */
  readonly spending: SpendingLedger;
  readonly output: vscode.LogOutputChannel;
  /** The text editor the user was in last (commands run from the Welcome page act on it). */
  readonly lastTextEditor: LastTextEditor;
  /** The workspace's translation memory (a TMX file), when on. */
  readonly memory: WorkspaceMemory;
  /** The workspace's glossary (a TBX file), read in a trusted workspace only. */
  readonly glossary: WorkspaceGlossary;
  /** Who the units this person teaches are signed with. */
  readonly author: MemoryAuthor;
  /** The translations Translate Selection wrote, followed so a saved correction teaches the memory. */
  readonly insertions: InsertedTranslations;
  /** Placeholder and tag warnings on the files Translate File made. */
  readonly translationChecks: TranslationChecks;
  /** The correct palochka in a document (the diagnostics' choice). */
  readonly palochkaLetter: (document: vscode.TextDocument) => PalochkaTarget;
}

// Re-exported: commands import what they return from here with the rest of the services.
export type { CommandOutcome, NotDone } from './command-outcome';
