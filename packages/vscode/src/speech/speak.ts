// Speaking text: short text comes back at once, long text is a job waited for under a
// cancellable progress notification (its id kept, so it can be resumed). The WAV is saved into
// the speech folder, played in a webview, and linked from the document on request.
import * as vscode from 'vscode';
import type { SpeechRequest, SpeechResult } from '@circassian/core';
import { reportError } from '../editor/report-error';
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
  try {
    // Refused before the service is asked: audio that cannot be saved is not paid for.
    if (wantsSave(options)) speechFolder(services, editor?.document);
    const key = speechCacheKey(request);
    const hit = await services.speechCache.get(key);
    if (hit) return await finish(services, editor, { ...hit, cached: true }, label(text), options);
    const client = await services.clients.get();
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Speaking “{0}”', label(text)), cancellable: true },
      async (progress, token): Promise<SpeechResult | undefined> => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const submitted = await client.submitSpeech(request, { signal: controller.signal });
        if (submitted.kind === 'audio')
          return { audio: submitted.audio, contentType: submitted.contentType, durationSeconds: submitted.durationSeconds };
        const jobId = submitted.job.job_id;
        await services.speechJobs.add({
          jobId,
          label: label(text),
          documentUri: editor?.document.uri.toString(),
          createdAt: new Date().toISOString(),
        });
        progress.report({ message: vscode.l10n.t('Long text: waiting for its turn on the service…') });
        return waitForJob(services, jobId, controller.signal, progress);
      },
    );
    if (!result) return { status: 'cancelled' };
    services.spending.add({ speechSeconds: result.durationSeconds });
    const file = await services.speechCache.put(key, result.audio, result.durationSeconds);
    return await finish(
      services,
      editor,
      { file, durationSeconds: result.durationSeconds, jobId: result.jobId, cached: false },
      label(text),
      options,
    );
  } catch (error) {
    if (isAborted(error)) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Stopped waiting. The speech job is kept: run “Circassian: Resume Speech” to fetch it.'),
      );
      return { status: 'cancelled' };
    }
    return reportError(services, error, () => speakText(services, editor, text, options));
  }
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
  if (options.play !== false) services.player.open(file, title, spoken.durationSeconds);
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
