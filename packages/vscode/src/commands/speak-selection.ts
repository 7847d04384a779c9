// circassian.speakSelection: speaks the selection (or the current line) in one keystroke, with the
// settings' language, voice and speed; it never asks. `{ language, voice, speed }` overrides them.
// circassian.speakSelectionWithOptions: asks for language, voice, speed and an optional voice
// description, offering the last choices first (remembered across sessions); options skip the prompts.
import * as vscode from 'vscode';
import { reportError } from '../editor/report-error';
import { selectedWords } from '../editor/source-text';
import type { CommandOutcome, Services } from '../services';
import { speakText, type SpeakOptions } from '../speech/speak';
import { activeEditor, isEditor } from './active-editor';

const LAST_OPTIONS = 'circassian.speech.lastOptions';

interface ChosenOptions {
  readonly language: string;
  readonly voice: string;
  readonly speed: number;
  readonly instruct?: string;
}

function lastOptions(services: Services): ChosenOptions {
  const settings = services.config.current.speech;
  const last = services.context.globalState.get<Partial<ChosenOptions>>(LAST_OPTIONS, {});
  return {
    language: last.language ?? settings.language,
    voice: last.voice ?? settings.voice,
    speed: last.speed ?? settings.speed,
    ...(last.instruct ? { instruct: last.instruct } : {}),
  };
}

/** The list with `first` on top, marked as the last choice. */
function lastFirst(items: ReadonlyArray<{ id: string; title: string }>, first: string): Array<vscode.QuickPickItem & { id: string }> {
  return items
    .map((item) => ({
      label: item.title,
      description: item.id === first ? vscode.l10n.t('{0} · last used', item.id) : item.id,
      id: item.id,
    }))
    .sort((a, b) => Number(b.id === first) - Number(a.id === first));
}

async function askOptions(services: Services): Promise<SpeakOptions | undefined> {
  const last = lastOptions(services);
  const { voices, languages } = await services.listings.voices();
  const language = await vscode.window.showQuickPick(lastFirst(languages, last.language), {
    title: vscode.l10n.t('Speech language (1/4)'),
  });
  if (!language) return undefined;
  const voice = await vscode.window.showQuickPick(lastFirst(voices, last.voice), { title: vscode.l10n.t('Voice (2/4)') });
  if (!voice) return undefined;
  const speed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Speed, above 0.2 up to 2.0 (3/4)'),
    value: String(last.speed),
    validateInput: (value) => {
      const number = Number(value);
      return Number.isFinite(number) && number > 0.2 && number <= 2 ? undefined : vscode.l10n.t('A number above 0.2 and at most 2.0');
    },
  });
  if (speed === undefined) return undefined;
  const instruct = await vscode.window.showInputBox({
    title: vscode.l10n.t('Voice description in English, optional: it replaces the voice (4/4)'),
    value: last.instruct ?? '',
    validateInput: (value) => (value.length <= 300 ? undefined : vscode.l10n.t('At most 300 characters')),
  });
  if (instruct === undefined) return undefined;
  const chosen: ChosenOptions = {
    language: language.id,
    voice: voice.id,
    speed: Number(speed),
    ...(instruct.trim() ? { instruct: instruct.trim() } : {}),
  };
  await services.context.globalState.update(LAST_OPTIONS, chosen);
  return chosen;
}

function textToSpeak(): { editor: vscode.TextEditor; text: string } | CommandOutcome {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const text = selectedWords(editor);
  if (!text.trim()) return { status: 'nothing', message: vscode.l10n.t('Select some text first.') };
  return { editor, text };
}

export async function speakSelection(services: Services, options: SpeakOptions = {}): Promise<CommandOutcome> {
  const target = textToSpeak();
  if ('status' in target) return target;
  return speakText(services, target.editor, target.text, options);
}

export async function speakSelectionWithOptions(services: Services, options?: SpeakOptions): Promise<CommandOutcome> {
  const target = textToSpeak();
  if ('status' in target) return target;
  let chosen = options;
  if (!chosen) {
    try {
      chosen = await askOptions(services);
    } catch (error) {
      return reportError(services, error, () => speakSelectionWithOptions(services, options));
    }
    if (!chosen) return { status: 'cancelled' };
  } else if (chosen.language || chosen.voice || chosen.speed !== undefined) {
    // A caller's choices are remembered as a picked one's would be.
    const last = lastOptions(services);
    await services.context.globalState.update(LAST_OPTIONS, { ...last, ...pickDefined(chosen) });
  }
  return speakText(services, target.editor, target.text, chosen);
}

function pickDefined(options: SpeakOptions): Partial<ChosenOptions> {
  return {
    ...(options.language ? { language: options.language } : {}),
    ...(options.voice ? { voice: options.voice } : {}),
    ...(options.speed !== undefined ? { speed: options.speed } : {}),
    ...(options.instruct ? { instruct: options.instruct } : {}),
  };
}
