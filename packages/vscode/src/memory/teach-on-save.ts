// Saving a file Translate File made teaches the memory each unit a person changed, as `human`:
// keyed formats by key, PO and XLIFF by id, subtitles by cue timing, Markdown by paragraph only
// when the file still lines up with its source (the source rebuilt with the file's texts gives the
// file back), since a paragraph added or removed shifts every paragraph after it and would teach
// the wrong pairs. What does not line up, or does not round-trip through the placeholders
// (logic/memory-teaching.ts), is skipped silently: a wrong unit would be worse than none.
import * as vscode from 'vscode';
import { formatFor } from '../logic/file-formats';
import { protectionIn } from '../logic/file-formats/format';
import { splitBom } from '../logic/file-text';
import { corrections, linesUp } from '../logic/memory-teaching';
import type { Services } from '../services';
import { rememberedSources, updateWritten, writtenFile, type WrittenFile } from './file-runs';
import { teachCorrections } from './teach';

/** The source file as it is now, without its byte-order mark; undefined when it cannot be read. */
async function sourceText(written: WrittenFile): Promise<string | undefined> {
  try {
    return splitBom(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(written.sourceUri)))).text;
  } catch {
    return undefined;
  }
}

/** What one save taught: the keys learnt. */
export async function teachFromSave(services: Services, document: vscode.TextDocument): Promise<string[]> {
  const state = services.context.workspaceState;
  const written = writtenFile(state, document.uri);
  const format = formatFor(document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1));
  if (!written || !format) return [];
  const memory = await services.memory.get();
  if (!memory) return [];
  const text = splitBom(document.getText()).text;
  let current: Map<string, string>;
  try {
    current = format.translations(text);
  } catch {
    return [];
  }
  const source = await sourceText(written);
  if (source === undefined) return [];
  // Masked as Translate File masked the file's texts (Markdown keeps the file's own reference links).
  const protect = protectionIn(format, source);
  const masking = { ...(protect ? { protect } : {}), ...(format.escape ? { escape: format.escape } : {}) };
  const found = corrections(masking, written.texts, rememberedSources(state, document.uri), current);
  if (found.length === 0 || !linesUp(format, source, current, text, { source: written.sourceLang, target: written.targetLang })) return [];
  // Each unit under its context (a PO entry's msgctxt), as Translate File looked it up.
  const contexts = new Map(format.units(source).map((unit) => [unit.key, unit.context]));
  await teachCorrections(
    memory,
    found.map(({ key, pair }) => ({
      sourceLang: written.sourceLang,
      targetLang: written.targetLang,
      source: pair.source,
      target: pair.target,
      context: contexts.get(key),
    })),
    { creator: await services.author.name(), where: vscode.workspace.asRelativePath(vscode.Uri.parse(written.sourceUri), false) },
  );
  await updateWritten(state, document.uri, Object.fromEntries(found.map(({ key, text: edited }) => [key, edited])));
  services.output.info(
    vscode.l10n.t('{0}: {1} corrected texts kept in the translation memory.', vscode.workspace.asRelativePath(document.uri), found.length),
  );
  return found.map(({ key }) => key);
}

export function registerTeachOnSave(services: Services): vscode.Disposable {
  return vscode.workspace.onDidSaveTextDocument((document) => {
    void teachFromSave(services, document).catch((error: unknown) =>
      services.output.warn(`translation memory: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
}
