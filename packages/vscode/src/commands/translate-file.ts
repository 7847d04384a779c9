// circassian.translateFile: a localisation, subtitle or Markdown file into a new file beside it,
// named by the target code (en.json -> kbd.json, talk.srt -> talk.kbd.srt), with only its
// translatable text sent (logic/file-formats: JSON, YAML, Markdown, SRT, WebVTT, PO, XLIFF) and its
// placeholders and markup kept (placeholders.ts). The texts go in the fewest batch requests the
// service's limits allow, each request its own call, so every answer is kept as it arrives: after
// a failure or a cancel the file is written with what was translated (the rest in the source
// language) and a second run sends only the rest, never what was already paid for. On any later
// run only units that are new or whose source changed are sent: the source each translation was
// made from is remembered per target file, and the target file's current text of an unchanged
// unit (hand edits included) is kept, also when the unit moved (a paragraph inserted above it).
// The workspace's translation memory answers the texts it knows with no request (translate/file-run.ts),
// and what the run wrote is remembered so a save can teach the memory a person's edits (memory/).
// `{ uri, target, source? }` skips the prompts; the command resolves to the new file's Uri.
import * as vscode from 'vscode';
import { callerUri } from '../editor/caller-uri';
import { reportError } from '../editor/report-error';
import { writeWhole } from '../editor/write-whole';
import { isBeside, translatedFileName } from '../logic/file-naming';
import { decodeFile, splitBom } from '../logic/file-text';
import { FileFormatError, formatFor, type FileFormat } from '../logic/file-formats';
import { InvalidLanguageError, isLanguageId } from '../logic/language-id';
import { fileRunSummary } from '../logic/file-run-plan';
import { rememberRun, rememberedSources } from '../memory/file-runs';
import { logMemoryUse, memoryUseLine } from '../memory/memory-report';
import type { CommandOutcome, Services } from '../services';
import { detectFileLanguage, statedSourceLanguage } from '../translate/file-source-language';
import { runFileTranslation, type FileRunOutcome, type FileRunResult } from '../translate/file-run';
import { sameLanguageMessage } from '../translate/same-language-message';
import { pickTranslationLanguage } from './pick-language';
import { refuse } from '../editor/refuse';

export interface TranslateFileOptions {
  readonly uri?: string | vscode.Uri;
  readonly target?: string;
  readonly source?: string;
}

/** The file's text, a byte-order mark kept (the formats read it without; the new file gets it back). */
async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return decodeFile(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

function toUri(value: string | vscode.Uri | undefined): vscode.Uri | undefined {
  return callerUri(value) ?? vscode.window.activeTextEditor?.document.uri;
}

/** The texts the run wrote, as the format reads them back, for the units it remembers (what a save compares against). */
function writtenTexts(format: FileFormat, run: FileRunResult): Record<string, string> {
  const texts: Record<string, string> = {};
  try {
    for (const [key, text] of format.translations(run.output)) if (key in run.remembered) texts[key] = text;
  } catch {
    // A file the format cannot read back teaches nothing on save.
  }
  return texts;
}

/** The first few names of a list, for a message. */
function named(names: readonly string[]): string {
  return names.length > 5 ? `${names.slice(0, 5).join(', ')}, …` : names.join(', ');
}

function refuseLanguage(error: InvalidLanguageError): CommandOutcome {
  const message = vscode.l10n.t('“{0}” is not a language code (such as kbd, ru or pt-BR): nothing was sent or written.', error.value);
  return refuse('invalid_language', message);
}

/** As the selection commands do: a warning, and nothing sent or written. */
async function sameLanguage(services: Services, target: string): Promise<CommandOutcome> {
  const message = await sameLanguageMessage(services, target, false);
  void vscode.window.showWarningMessage(message);
  return { status: 'nothing', reason: 'same_language', message };
}

/** `menuUri`: the file the explorer's menu was opened on (the target is asked for then). */
export async function translateFile(
  services: Services,
  options?: TranslateFileOptions,
  menuUri?: vscode.Uri,
): Promise<vscode.Uri | CommandOutcome> {
  const uri = toUri(options?.uri ?? menuUri);
  if (!uri) return { status: 'nothing', message: vscode.l10n.t('Open the file to translate first.') };
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const format = formatFor(name);
  if (!format) {
    const message = vscode.l10n.t(
      'Translate File handles JSON, YAML, Markdown, SRT and WebVTT subtitle, PO and XLIFF files; {0} is none of these.',
      name,
    );
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  const sourceFile = await readText(uri);
  if (sourceFile === undefined) return { status: 'nothing', message: vscode.l10n.t('Cannot read {0}.', uri.fsPath) };
  const { bom, text: sourceText } = splitBom(sourceFile);
  let units: ReturnType<FileFormat['units']>;
  try {
    units = format.units(sourceText);
  } catch (error) {
    const message = vscode.l10n.t(
      '{0} is not a valid {1} file: {2}',
      vscode.workspace.asRelativePath(uri),
      format.label,
      error instanceof FileFormatError || error instanceof Error ? error.message : String(error),
    );
    return refuse('invalid_file', message);
  }
  let target = options?.target;
  let source =
    options?.source ||
    (await statedSourceLanguage(services, uri.path, format, sourceText)) ||
    services.config.current.sourceLanguage ||
    undefined;
  try {
    target ??= options
      ? services.config.current.targetLanguage
      : await pickTranslationLanguage(services, { title: vscode.l10n.t('Translate the file into') });
  } catch (error) {
    return reportError(services, error, () => translateFile(services, options));
  }
  if (!target) return { status: 'cancelled' };
  // A caller's codes are checked as the settings' and the service's are where they enter: a code names the new file.
  const notACode = [target, source].find((code) => code !== undefined && !isLanguageId(code));
  if (notACode !== undefined) return refuseLanguage(new InvalidLanguageError(notACode));
  if (source === target) return sameLanguage(services, target);

  const targetName = translatedFileName(name, target, source);
  const targetUri = vscode.Uri.joinPath(uri, '..', format.targetName ? format.targetName(targetName) : targetName);
  if (targetUri.toString() === uri.toString())
    return { status: 'nothing', message: vscode.l10n.t('The file already carries the target language’s name.') };
  // The new file is written beside its source, never anywhere a name could lead.
  if (!isBeside(uri.path, targetUri.path)) return refuseLanguage(new InvalidLanguageError(target));
  // Nor through a link the folder holds in its place (a repository can ship one pointing anywhere).
  const existing = await vscode.workspace.fs.stat(targetUri).then(
    (stat) => stat,
    () => undefined,
  );
  if (existing && (existing.type & vscode.FileType.SymbolicLink) !== 0) {
    const message = vscode.l10n.t(
      '{0} is a symbolic link; Translate File writes only a plain file beside its source: nothing was sent or written.',
      vscode.workspace.asRelativePath(targetUri),
    );
    return refuse('invalid_target', message);
  }

  // What the last run wrote, and from which source texts.
  const previousFile = await readText(targetUri);
  const previousText = previousFile === undefined ? undefined : splitBom(previousFile).text;
  const state = services.context.workspaceState;
  const memory = await services.memory.get();
  const glossary = await services.glossary.get();
  let run: FileRunOutcome;
  try {
    run = await runFileTranslation(
      {
        client: () => services.clients.get(),
        where: vscode.workspace.asRelativePath(uri, false),
        detectSource: (client, texts) => detectFileLanguage(client, texts),
        memory,
        glossary,
        progress: (pending, task) =>
          Promise.resolve(
            vscode.window.withProgress(
              {
                location: vscode.ProgressLocation.Notification,
                title: vscode.l10n.t('Translating {0} texts of {1} into {2}', pending, name, target),
                cancellable: true,
              },
              (progress, token) => {
                const controller = new AbortController();
                const cancel = token.onCancellationRequested(() => controller.abort());
                return task((done, total) => {
                  progress.report({ message: vscode.l10n.t('{0} of {1} requests', done, total), increment: 100 / total });
                }, controller.signal).finally(() => cancel.dispose());
              },
            ),
          ),
        spend: (characters) => services.spending.add({ translationCharacters: characters }),
      },
      { format, sourceText, units, previousText, remembered: rememberedSources(state, targetUri), target, source },
    );
  } catch (error) {
    return reportError(services, error, () => translateFile(services, { uri, target, ...(source ? { source } : {}) }));
  }
  if (run.kind === 'same_language') return sameLanguage(services, target);
  source = run.source;
  const { failure, cancelled, refused, leftAsTyped, keptFromLastRun, pending } = run;
  const translatedNow = run.translated;

  const retry = (): Thenable<unknown> => translateFile(services, { uri, target, ...(source ? { source } : {}) });
  const nothingDone = translatedNow + refused.length === 0 && pending > 0;
  if ((failure !== undefined || cancelled) && nothingDone) {
    return cancelled ? { status: 'cancelled' } : reportError(services, failure, retry);
  }

  await writeWhole(targetUri, new TextEncoder().encode(bom + run.output));
  await rememberRun(
    state,
    targetUri,
    run.remembered,
    source === undefined
      ? undefined
      : { sourceUri: uri.toString(), sourceLang: source, targetLang: target, texts: writtenTexts(format, run) },
  );
  logMemoryUse(services, vscode.workspace.asRelativePath(targetUri), run.fromMemory, run.sent);
  // A hand edit kept from the last run that lost a placeholder is in the Problems panel at once.
  void services.translationChecks.check(targetUri);
  if (run.memoryFailure) {
    const { error, units: count } = run.memoryFailure;
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'The translation memory could not keep this run’s {0} new translations ({1}); the file has them all the same.',
        count,
        error instanceof Error ? error.message : String(error),
      ),
    );
  }

  const relative = vscode.workspace.asRelativePath(targetUri);
  const missing = pending - translatedNow - refused.length;
  const open = vscode.l10n.t('Open');
  const offerOpen = (shown: Thenable<string | undefined>): void =>
    void shown.then((picked) => (picked === open ? vscode.window.showTextDocument(targetUri) : undefined));
  if (failure !== undefined || cancelled) {
    const partial = vscode.l10n.t(
      '{0}: {1} of {2} texts translated and written, {3} left in the source language; running Translate File again sends only those.',
      relative,
      translatedNow,
      pending,
      missing + refused.length,
    );
    offerOpen(vscode.window.showWarningMessage(partial, open));
    if (cancelled) return { status: 'cancelled', message: partial };
    const outcome = reportError(services, failure, retry);
    return outcome.status === 'error' ? { ...outcome, message: `${outcome.message} ${partial}` } : outcome;
  }
  const closing = fileRunSummary({ translated: translatedNow, kept: keptFromLastRun });
  const summary = [
    vscode.l10n.t(closing.template, relative, translatedNow, keptFromLastRun),
    ...(run.fromMemory > 0 ? [memoryUseLine(run.fromMemory, run.sent)] : []),
  ].join(' ');
  const warnings = [
    ...(refused.length > 0
      ? [
          vscode.l10n.t(
            '{0} texts kept in the source language: their translation lost a placeholder ({1}).',
            refused.length,
            named(refused),
          ),
        ]
      : []),
    ...(leftAsTyped.length > 0
      ? [
          vscode.l10n.t(
            '{0} texts left as typed and not sent: their markup cannot be kept intact ({1}).',
            leftAsTyped.length,
            named(leftAsTyped),
          ),
        ]
      : []),
  ];
  if (warnings.length > 0) {
    offerOpen(vscode.window.showWarningMessage([summary, ...warnings].join(' '), open));
  } else {
    offerOpen(vscode.window.showInformationMessage(summary, open));
  }
  return targetUri;
}
