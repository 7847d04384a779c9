// What Translate File remembers per translated file, in the workspace's state: the source text of
// each unit's translation (so the next run sends only what changed) and, for the memory, the text
// it wrote for each unit with the languages and the source file (so a save can tell a person's
// edit from what the run wrote, and teach it).
import type * as vscode from 'vscode';

const SOURCES_KEY = 'circassian.translateFile.sources';
const WRITTEN_KEY = 'circassian.translateFile.written';

export interface WrittenFile {
  readonly sourceUri: string;
  readonly sourceLang: string;
  readonly targetLang: string;
  /** Unit key -> the text the run wrote (as the format reads it back). */
  readonly texts: Record<string, string>;
}

/** Target file -> unit key -> the source text its translation was made from. */
type Sources = Record<string, Record<string, string>>;

export function rememberedSources(state: vscode.Memento, target: vscode.Uri): Record<string, string> {
  return state.get<Sources>(SOURCES_KEY, {})[target.toString()] ?? {};
}

export function writtenFile(state: vscode.Memento, target: vscode.Uri): WrittenFile | undefined {
  return state.get<Record<string, WrittenFile>>(WRITTEN_KEY, {})[target.toString()];
}

export async function rememberRun(
  state: vscode.Memento,
  target: vscode.Uri,
  sources: Record<string, string>,
  written: WrittenFile | undefined,
): Promise<void> {
  const id = target.toString();
  await state.update(SOURCES_KEY, { ...state.get<Sources>(SOURCES_KEY, {}), [id]: sources });
  const all = { ...state.get<Record<string, WrittenFile>>(WRITTEN_KEY, {}) };
  if (written) all[id] = written;
  else delete all[id];
  await state.update(WRITTEN_KEY, all);
}

/** After a save taught the memory: the edited texts are what the file now holds. */
export async function updateWritten(state: vscode.Memento, target: vscode.Uri, texts: Record<string, string>): Promise<void> {
  const all = state.get<Record<string, WrittenFile>>(WRITTEN_KEY, {});
  const file = all[target.toString()];
  if (!file) return;
  await state.update(WRITTEN_KEY, { ...all, [target.toString()]: { ...file, texts: { ...file.texts, ...texts } } });
}
