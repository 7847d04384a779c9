// Entry point: builds the shared services once and registers commands, diagnostics, quick fixes
// and the status bar item. Activation is lazy (on a command, or after startup for diagnostics).
import * as vscode from 'vscode';
import { ClientFactory } from './client-factory';
import { CommandId } from './command-ids';
import { registerCommands } from './commands/index';
import { ConfigStore } from './config';
import { LastTextEditor } from './editor/last-text-editor';
import { ListingCache } from './listing-cache';
import { MemoryAuthor } from './memory/author';
import { InsertedTranslations } from './memory/inserted-translations';
import { registerTeachOnSave } from './memory/teach-on-save';
import { WorkspaceMemory } from './memory/workspace-memory';
import { TermDiagnostics } from './glossary/term-diagnostics';
import { WorkspaceGlossary } from './glossary/workspace-glossary';
import { PalochkaDiagnostics } from './palochka/diagnostics';
import { PalochkaQuickFixes } from './palochka/quick-fixes';
import { registerPalochkaHover } from './palochka/hover';
import type { Services } from './services';
import { PendingSpeechJobs, pendingSpeechJobsFile } from './speech/pending-jobs';
import { SpeechPlayer } from './speech/player';
import { ReadAlong } from './speech/read-along';
import { speechMemoryIn } from './speech/speech-memory';
import { SpeechCache } from './speech/speech-cache';
import { SpendingLedger } from './spending';
import { createTargetLanguageItem } from './status-bar';
import { BesideTranslations } from './translate/beside';
import { HoverTranslations } from './translate/hover';
import { TranslationChecks } from './translate/translation-checks';
import { markSetupStep } from './walkthrough';

/** What `activate` returns: other extensions and the integration tests reach internals through it. */
export interface CircassianApi {
  readonly diagnostics: PalochkaDiagnostics;
  readonly beside: BesideTranslations;
  readonly hover: HoverTranslations;
  readonly player: SpeechPlayer;
  readonly readAlong: ReadAlong;
}

export function activate(context: vscode.ExtensionContext): CircassianApi {
  const config = new ConfigStore();
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const clients = new ClientFactory(context.secrets, config, version);
  const listings = new ListingCache(clients);
  const output = vscode.window.createOutputChannel('Circassian', { log: true });
  const beside = new BesideTranslations();
  const diagnostics = new PalochkaDiagnostics(config);
  const player = new SpeechPlayer();
  const readAlong = new ReadAlong(player);
  const lastTextEditor = new LastTextEditor();
  const translationChecks = new TranslationChecks(context.workspaceState);
  const memory = new WorkspaceMemory(config, version, output);
  const glossary = new WorkspaceGlossary(config, output);
  const author = new MemoryAuthor(config);
  const insertions = new InsertedTranslations(memory, author, output);
  const services: Services = {
    context,
    config,
    clients,
    listings,
    beside,
    speechJobs: new PendingSpeechJobs(pendingSpeechJobsFile(context), context.workspaceState),
    speechCache: new SpeechCache(context.globalStorageUri, context.globalState),
    speechMemory: speechMemoryIn(context.globalStorageUri),
    player,
    readAlong,
    spending: new SpendingLedger(context.globalState),
    output,
    lastTextEditor,
    memory,
    glossary,
    author,
    insertions,
    translationChecks,
    palochkaLetter: (document) => diagnostics.letterFor(document),
  };
  context.subscriptions.push(
    config,
    clients,
    output,
    beside,
    diagnostics,
    player,
    readAlong,
    lastTextEditor,
    translationChecks,
    insertions,
    glossary,
    new TermDiagnostics(glossary, context.workspaceState),
    config.onDidChangeConnection(() => {
      listings.clear();
      void markSetupStep('baseUrl', Boolean(clients.address()));
    }),
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new PalochkaQuickFixes(diagnostics), {
      providedCodeActionKinds: PalochkaQuickFixes.kinds,
    }),
    registerPalochkaHover(diagnostics),
    createTargetLanguageItem(config),
  );
  const hover = new HoverTranslations(services);
  context.subscriptions.push(hover, registerTeachOnSave(services));
  registerCommands(context, services, hover);
  // The walkthrough's setup steps: done already when the address and the key are there (a setting,
  // the environment, secret storage).
  void markSetupStep('baseUrl', Boolean(clients.address()));
  void clients.hasKey().then((has) => markSetupStep('key', has));
  offerToResumeSpeech(services);
  return { diagnostics, beside, hover, player, readAlong };
}

/** A speech job whose wait a reload interrupted: offer to fetch its audio. */
function offerToResumeSpeech(services: Services): void {
  const pending = services.speechJobs.list();
  if (pending.length === 0) return;
  const resume = vscode.l10n.t('Resume');
  const discard = vscode.l10n.t('Discard');
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t('{0} speech job(s) were interrupted before their audio was saved.', pending.length),
      resume,
      discard,
    )
    .then(async (picked) => {
      if (picked === resume) for (const job of pending) await vscode.commands.executeCommand(CommandId.resumeSpeech, { jobId: job.jobId });
      if (picked === discard) for (const job of pending) await services.speechJobs.remove(job.jobId);
    });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
