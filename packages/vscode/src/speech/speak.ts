// Speaking text through core's speech memory (issue 35): sentence by sentence, each sentence's audio
// kept in the extension's global storage (speech-memory.ts), so a sentence spoken before, in any
// text, is never paid twice and an edit re-voices only the sentences it changed. The joined WAV goes
// into the speech cache (the player plays it, Save copies it) with the timings of its sentences, which
// the read-along highlight follows (read-along.ts). A text of one long sentence is a job on the
// service, waited for under a cancellable progress notification, its id kept so it can be resumed.
import * as vscode from 'vscode';
import type { SentenceTiming, SpeechProgress, SpeechRequest, SpeechResult, SpeechClient, VoicedText } from '@circassian/core';
import { reportError } from '../editor/report-error';
import { segmentsOf } from '../editor/source-text';
import type { CommandOutcome, Services } from '../services';
import { speechCacheKey } from '../logic/speech-cache-index';
import { saveAudio, speechFolder } from './save-audio';

export interface SpeakOptions {
  readonly language?: string;
  readonly voice?: string;
  readonly speed?: number;
  /** A voice description in English (replaces the voice preset). */
  readonly instruct?: string;
  /** Insert a Markdown link to the saved file below the selection (saves it into the workspace). */
  readonly insertLink?: boolean;
  /** Save the WAV into circassian.speech.folder (otherwise it stays in the extension's cache until Save is asked). */
  readonly save?: boolean;
  /** Open the player (default true). */
  readonly play?: boolean;
}

export type SpeakOutcome = CommandOutcome<{
  readonly file: string;
  readonly durationSeconds: number;
  readonly jobId?: string;
  /** Whether the audio was copied into the workspace's speech folder. */
  readonly saved: boolean;
  /** Whether it came from the cache (nothing paid). */
  readonly cached: boolean;
}>;

/** Audio ready to play: a file in the cache. */
interface Spoken {
  readonly file: vscode.Uri;
  readonly durationSeconds: number;
  readonly jobId?: string | undefined;
  readonly cached: boolean;
  /** Where each sentence is in the audio, and where the text starts in the editor's document: the read-along. */
  readonly readAlong?: { readonly sentences: readonly SentenceTiming[]; readonly from: number } | undefined;
}

const wantsSave = (options: SpeakOptions): boolean => options.save === true || options.insertLink === true;

function label(text: string): string {
  return text.trim().split(/\s+/).slice(0, 6).join(' ');
}

export async function speakText(
  services: Services,
  editor: vscode.TextEditor | undefined,
  text: string,
  options: SpeakOptions,
): Promise<SpeakOutcome> {
  const settings = services.config.current.speech;
  const request: SpeechRequest = {
    text,
    language: options.language ?? settings.language,
    voice: options.voice ?? settings.voice,
    speed: options.speed ?? settings.speed,
    ...(options.instruct ? { instruct: options.instruct } : {}),
  };
  let jobId: string | undefined;
  try {
    // Refused before the service is asked: audio that cannot be saved is not paid for.
    if (wantsSave(options)) speechFolder(services, editor?.document);
    const plan = await services.speechMemory.plan(request);
    // The client only when a sentence is to be voiced: what the memory holds plays with no key at all.
    const client: SpeechClient = { speech: async (sent, speechOptions) => (await services.clients.get()).speech(sent, speechOptions) };
    const voiced =
      plan.toVoice.parts === 0
        ? await services.speechMemory.speak(client, request)
        : await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Speaking “{0}”', label(text)), cancellable: true },
            async (progress, token): Promise<VoicedText> => {
              const controller = new AbortController();
              token.onCancellationRequested(() => controller.abort());
              // Each step is shown once the job's id is kept on disk: a reload after "waiting for its
              // turn" finds the job to resume. A failure to keep it is logged, never the Speak's failure.
              let shown: Promise<unknown> = Promise.resolve();
              const onProgress = (update: SpeechProgress): void => {
                // A job can be resumed by id only when it is the whole text; otherwise the memory is the way back.
                if (update.jobId !== undefined && update.parts === 1 && jobId === undefined) {
                  jobId = update.jobId;
                  const kept = services.speechJobs
                    .add({ jobId, label: label(text), documentUri: editor?.document.uri.toString(), createdAt: new Date().toISOString() })
                    .catch((error: unknown) => services.output.warn(`speech job ${update.jobId}: not kept (${String(error)})`));
                  shown = shown.then(() => kept);
                }
                shown = shown.then(() => progress.report({ message: progressInWords(update) }));
              };
              const voiced = await services.speechMemory.speak(client, request, { signal: controller.signal, onProgress });
              await shown;
              return voiced;
            },
          );
    if (jobId !== undefined) await services.speechJobs.remove(jobId);
    if (voiced.stats.voiced.parts > 0) {
      services.spending.add({ speechSeconds: voiced.stats.voiced.seconds });
      // Its limits, once this Speak has added to it; a failure to clean is logged, never the Speak's failure.
      void services.speechMemory
        .clean()
        .catch((error: unknown) => services.output.warn(`speech memory: ${error instanceof Error ? error.message : String(error)}`));
    }
    const cached = voiced.stats.voiced.parts === 0;
    const key = speechCacheKey(request);
    const file =
      (cached ? (await services.speechCache.get(key))?.file : undefined) ??
      (await services.speechCache.put(key, voiced.audio, voiced.durationSeconds));
    return await finish(
      services,
      editor,
      {
        file,
        durationSeconds: voiced.durationSeconds,
        jobId,
        cached,
        readAlong: editor && { sentences: voiced.timings.sentences, from: textStart(editor) },
      },
      label(text),
      options,
    );
  } catch (error) {
    if (isAborted(error)) {
      void vscode.window.showInformationMessage(
        jobId !== undefined
          ? vscode.l10n.t('Stopped waiting. The speech job is kept: run “Circassian: Resume Speech” to fetch it.')
          : vscode.l10n.t('Stopped. The sentences voiced so far are kept: speaking the text again asks only for the rest.'),
      );
      return { status: 'cancelled' };
    }
    return reportError(services, error, () => speakText(services, editor, text, options));
  }
}

/** Where the spoken text starts in the document: its first segment (an empty cursor's line, literal or Markdown paragraph). */
function textStart(editor: vscode.TextEditor): number {
  return Math.min(...segmentsOf(editor).map((segment) => segment.start), editor.document.offsetAt(editor.selection.start));
}

/** A voiced text's progress in words: which sentence, when there are several, and its step. */
function progressInWords(update: SpeechProgress): string {
  const step = phaseInWords(update.phase);
  return update.parts !== undefined && update.parts > 1 && update.part !== undefined
    ? vscode.l10n.t('Sentence {0} of {1}: {2}', update.part, update.parts, step)
    : step;
}

function isAborted(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'aborted';
}

async function waitForJob(
  services: Services,
  jobId: string,
  signal: AbortSignal,
  progress: vscode.Progress<{ message?: string }>,
): Promise<SpeechResult> {
  const client = await services.clients.get();
  try {
    const result = await client.resumeSpeech(jobId, {
      signal,
      onProgress: (step) => progress.report({ message: phaseInWords(step.phase) }),
    });
    await services.speechJobs.remove(jobId);
    return result;
  } catch (error) {
    // A job that failed or whose link expired cannot be resumed: forget it, or every reload offers it again.
    if (isUnresumable(error)) await services.speechJobs.remove(jobId);
    throw error;
  }
}

/** What the translator reads while a job runs: words, not the service's phase names or job ids. */
function phaseInWords(phase: string): string {
  switch (phase) {
    case 'queued':
    case 'submitted':
      return vscode.l10n.t('Waiting for its turn on the service…');
    case 'running':
    case 'synthesizing':
      return vscode.l10n.t('Generating the audio…');
    case 'downloading':
      return vscode.l10n.t('Downloading the audio…');
    case 'done':
      return vscode.l10n.t('Saving the audio…');
    default:
      return vscode.l10n.t('Working…');
  }
}

function isUnresumable(error: unknown): boolean {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  return type === 'not_found' || type === 'job_failed';
}

async function finish(
  services: Services,
  editor: vscode.TextEditor | undefined,
  spoken: Spoken,
  title: string,
  options: SpeakOptions,
): Promise<SpeakOutcome> {
  const save = (): Promise<vscode.Uri> => saveSpokenAudio(services, editor?.document, spoken.file, title);
  const file = wantsSave(options) ? await save() : spoken.file;
  services.player.remember({ file, title });
  if (options.play !== false) {
    services.player.open(file, title, spoken.durationSeconds);
    if (editor && spoken.readAlong) services.readAlong.follow(editor.document, spoken.readAlong.from, spoken.readAlong.sentences);
    else services.readAlong.clear();
  }
  const insert = async (): Promise<boolean> => insertLink(editor, wantsSave(options) ? file : await save());
  if (options.insertLink) await insertLink(editor, file);
  else if (wantsSave(options)) {
    void vscode.window
      .showInformationMessage(vscode.l10n.t('Speech saved to {0}', vscode.workspace.asRelativePath(file)), vscode.l10n.t('Insert Link'))
      .then((picked) => (picked ? insertLink(editor, file) : undefined));
  } else {
    const saveLabel = vscode.l10n.t('Save to Workspace');
    const linkLabel = vscode.l10n.t('Insert Link');
    void vscode.window
      .showInformationMessage(
        spoken.cached ? vscode.l10n.t('Played again from the cache: nothing was paid.') : vscode.l10n.t('Speech ready.'),
        saveLabel,
        linkLabel,
      )
      .then((picked) =>
        picked === saveLabel ? save().then(() => true, reportSaveError(services)) : picked === linkLabel ? insert() : undefined,
      );
  }
  return {
    status: 'ok',
    file: file.fsPath,
    durationSeconds: spoken.durationSeconds,
    saved: wantsSave(options),
    cached: spoken.cached,
    ...(spoken.jobId ? { jobId: spoken.jobId } : {}),
  };
}

function reportSaveError(services: Services): (error: unknown) => boolean {
  return (error) => {
    reportError(services, error);
    return false;
  };
}

/** The cached audio copied into the speech folder (Save, Insert Link). */
export async function saveSpokenAudio(
  services: Services,
  document: vscode.TextDocument | undefined,
  cached: vscode.Uri,
  title: string,
): Promise<vscode.Uri> {
  const saved = await saveAudio(services, document, await vscode.workspace.fs.readFile(cached), title);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Speech saved to {0}', vscode.workspace.asRelativePath(saved)), 5_000);
  return saved;
}

/** A Markdown link to the audio, relative to the document, on the line after the selection. */
function insertLink(editor: vscode.TextEditor | undefined, file: vscode.Uri): Thenable<boolean> {
  if (!editor) return Promise.resolve(false);
  const { document } = editor;
  const from = document.uri.scheme === 'file' ? vscode.Uri.joinPath(document.uri, '..').path : undefined;
  const target = from && file.path.startsWith(`${from}/`) ? file.path.slice(from.length + 1) : file.toString();
  const line = document.lineAt(editor.selection.end.line);
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  return editor.edit((builder) => builder.insert(line.range.end, `${eol}[🔊 ${vscode.l10n.t('Listen')}](${encodeURI(target)})`));
}

/** Resumes a job kept from an interrupted or cancelled wait. */
export async function resumeJob(services: Services, jobId: string, options: SpeakOptions = {}): Promise<SpeakOutcome> {
  const job = services.speechJobs.list().find((pending) => pending.jobId === jobId);
  const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === job?.documentUri);
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
  try {
    // Checked before the wait, which forgets the job once its audio arrives.
    if (wantsSave(options)) speechFolder(services, editor?.document);
    const result = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Fetching the audio of “{0}”', job?.label ?? vscode.l10n.t('an earlier speech')),
        cancellable: true,
      },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return waitForJob(services, jobId, controller.signal, progress);
      },
    );
    services.spending.add({ speechSeconds: result.durationSeconds });
    const file = await services.speechCache.put(`job-${jobId}`, result.audio, result.durationSeconds);
    return await finish(
      services,
      editor,
      { file, durationSeconds: result.durationSeconds, jobId, cached: false },
      job?.label ?? jobId,
      options,
    );
  } catch (error) {
    if (isAborted(error)) return { status: 'cancelled' };
    return reportError(services, error, isUnresumable(error) ? undefined : () => resumeJob(services, jobId, options));
  }
}
