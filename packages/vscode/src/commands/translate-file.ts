// circassian.translateFile: a JSON localisation file into a new file beside it, named by the
// target code (en.json -> kbd.json), keys, order and placeholders kept (placeholders.ts). Every
// entry to translate goes in the fewest batch calls the service's limits allow, with progress and
// cancel. On a second run only entries that are missing or whose source changed are sent: the
// source each translation was made from is remembered per target file, and the target file's
// current text of an unchanged entry (hand edits included) is kept.
// `{ uri, target, source? }` skips the prompts; the command resolves to the new file's Uri.
// Markdown, subtitle, PO and XLIFF files are not handled yet (the command says so).
import * as vscode from 'vscode';
import type { BatchTranslateRequest } from '@circassian/core';
import { reportError } from '../editor/report-error';
import { translatedFileName } from '../logic/file-naming';
import { jsonEntries, rebuildJson, type JsonEntry } from '../logic/localisation-json';
import { hasWords, maskPlaceholders, unmaskPlaceholders } from '../logic/placeholders';
import type { CommandOutcome, Services } from '../services';
import { translationCost } from '../spending';
import { pickTranslationLanguage } from './pick-language';

export interface TranslateFileOptions {
  readonly uri?: string | vscode.Uri;
  readonly target?: string;
  readonly source?: string;
}

type Language = BatchTranslateRequest['target_lang'];
const MEMORY_KEY = 'circassian.translateFile.sources';

/** Target file -> entry key -> the source text its translation was made from. */
type Memory = Record<string, Record<string, string>>;

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

function toUri(value: string | vscode.Uri | undefined): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  // A Uri that crossed a process boundary arrives as its fields.
  if (value !== null && typeof value === 'object' && typeof (value as { scheme?: unknown }).scheme === 'string')
    return vscode.Uri.from(value as vscode.Uri);
  if (typeof value === 'string' && value)
    return value.includes(':') && !/^[A-Za-z]:[\\/]/.test(value) ? vscode.Uri.parse(value) : vscode.Uri.file(value);
  return vscode.window.activeTextEditor?.document.uri;
}

/** `menuUri`: the file the explorer's menu was opened on (the target is asked for then). */
export async function translateFile(
  services: Services,
  options?: TranslateFileOptions,
  menuUri?: vscode.Uri,
): Promise<vscode.Uri | CommandOutcome> {
  const uri = toUri(options?.uri ?? menuUri);
  if (!uri) return { status: 'nothing', message: vscode.l10n.t('Open the file to translate first.') };
  if (!uri.path.toLowerCase().endsWith('.json')) {
    const message = vscode.l10n.t(
      'Translate File handles JSON localisation files so far; Markdown, subtitle, PO and XLIFF files are not supported yet.',
    );
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing', message };
  }
  const sourceText = await readText(uri);
  if (sourceText === undefined) return { status: 'nothing', message: vscode.l10n.t('Cannot read {0}.', uri.fsPath) };
  let entries: JsonEntry[];
  try {
    entries = jsonEntries(sourceText);
  } catch (error) {
    const message = vscode.l10n.t(
      '{0} is not valid JSON: {1}',
      vscode.workspace.asRelativePath(uri),
      error instanceof Error ? error.message : String(error),
    );
    void vscode.window.showErrorMessage(message);
    return { status: 'error', errorType: 'invalid_file', message };
  }
  let target = options?.target;
  const source = options?.source || services.config.current.sourceLanguage || undefined;
  try {
    target ??= options
      ? services.config.current.targetLanguage
      : await pickTranslationLanguage(services, { title: vscode.l10n.t('Translate the file into') });
  } catch (error) {
    return reportError(services, error, () => translateFile(services, options));
  }
  if (!target) return { status: 'cancelled' };
  if (source === target)
    return { status: 'nothing', reason: 'same_language', message: vscode.l10n.t('The source and target language are both {0}.', target) };

  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const targetUri = vscode.Uri.joinPath(uri, '..', translatedFileName(name, target, source));
  if (targetUri.toString() === uri.toString())
    return { status: 'nothing', message: vscode.l10n.t('The file already carries the target language’s name.') };

  // What the last run wrote, and from which source texts.
  const previousText = await readText(targetUri);
  const previous = new Map<string, string>();
  if (previousText !== undefined) {
    try {
      for (const entry of jsonEntries(previousText)) previous.set(entry.key, entry.text);
    } catch {
      // An unreadable target file is translated again in full.
    }
  }
  const memory = services.context.workspaceState.get<Memory>(MEMORY_KEY, {});
  const remembered = memory[targetUri.toString()] ?? {};

  const result = new Map<string, string>();
  const toSend: Array<{ key: string; text: string; masked: ReturnType<typeof maskPlaceholders> }> = [];
  for (const entry of entries) {
    const masked = maskPlaceholders(entry.text);
    const kept = previous.get(entry.key);
    if (!hasWords(masked)) result.set(entry.key, entry.text);
    else if (kept !== undefined && remembered[entry.key] === entry.text) result.set(entry.key, kept);
    else toSend.push({ key: entry.key, text: entry.text, masked });
  }

  const refused: string[] = [];
  if (toSend.length > 0) {
    try {
      const client = await services.clients.get();
      const answer = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Translating {0} entries of {1} into {2}', toSend.length, name, target),
          cancellable: true,
        },
        (progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return client.translateBatch(
            {
              texts: toSend.map((item) => item.masked.text),
              target_lang: target as Language,
              ...(source ? { source_lang: source as Language } : {}),
            },
            {
              signal: controller.signal,
              onProgress: (done, total) =>
                progress.report({ message: vscode.l10n.t('{0} of {1} requests', done, total), increment: 100 / total }),
            },
          );
        },
      );
      await services.spending.add({
        translationCharacters: translationCost(
          toSend.map((item) => item.masked.text),
          answer.translations,
        ),
      });
      toSend.forEach((item, index) => {
        const restored = unmaskPlaceholders(answer.translations[index] ?? '', item.masked.parts);
        if (restored === undefined) refused.push(item.key);
        result.set(item.key, restored ?? item.text);
      });
    } catch (error) {
      return reportError(services, error, () => translateFile(services, { uri, target, ...(source ? { source } : {}) }));
    }
  }

  await vscode.workspace.fs.writeFile(targetUri, new TextEncoder().encode(rebuildJson(sourceText, (key, text) => result.get(key) ?? text)));
  const nextMemory: Record<string, string> = {};
  for (const entry of entries) if (!refused.includes(entry.key)) nextMemory[entry.key] = entry.text;
  await services.context.workspaceState.update(MEMORY_KEY, { ...memory, [targetUri.toString()]: nextMemory });

  const summary = vscode.l10n.t(
    '{0}: {1} entries translated, {2} kept from the last run.',
    vscode.workspace.asRelativePath(targetUri),
    toSend.length - refused.length,
    entries.length - toSend.length,
  );
  const open = vscode.l10n.t('Open');
  if (refused.length > 0) {
    void vscode.window
      .showWarningMessage(
        vscode.l10n.t('{0} {1} entries kept in the source language: their translation lost a placeholder.', summary, refused.length),
        open,
      )
      .then((picked) => (picked ? vscode.window.showTextDocument(targetUri) : undefined));
  } else {
    void vscode.window
      .showInformationMessage(summary, open)
      .then((picked) => (picked ? vscode.window.showTextDocument(targetUri) : undefined));
  }
  return targetUri;
}
