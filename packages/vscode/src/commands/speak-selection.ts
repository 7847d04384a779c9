// circassian.speakSelection: speaks the selection (or the current line). Without options it asks
// for the language, voice, speed and an optional voice description; `{ language, voice, speed }`
// skips the prompts.
import * as vscode from 'vscode';
import { reportError } from '../editor/report-error';
import { selectedText } from '../editor/source-text';
import type { CommandOutcome, Services } from '../services';
import { speakText, type SpeakOptions } from '../speech/speak';
import { activeEditor, isEditor } from './active-editor';

async function askOptions(services: Services): Promise<SpeakOptions | undefined> {
  const settings = services.config.current.speech;
  const { voices, languages } = await services.listings.voices();
  const language = await vscode.window.showQuickPick(
    languages.map((item) => ({ label: item.title, description: item.id, id: item.id })).sort((a, b) => Number(b.id === settings.language) - Number(a.id === settings.language)),
    { title: vscode.l10n.t('Speech language') },
  );
  if (!language) return undefined;
  const voice = await vscode.window.showQuickPick(
    voices.map((item) => ({ label: item.title, description: item.id, id: item.id })).sort((a, b) => Number(b.id === settings.voice) - Number(a.id === settings.voice)),
    { title: vscode.l10n.t('Voice') },
  );
  if (!voice) return undefined;
  const speed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Speed (0.2 to 2.0)'),
    value: String(settings.speed),
    validateInput: (value) => {
      const number = Number(value);
      return Number.isFinite(number) && number > 0.2 && number <= 2 ? undefined : vscode.l10n.t('A number above 0.2 and at most 2.0');
    },
  });
  if (speed === undefined) return undefined;
  const instruct = await vscode.window.showInputBox({
    title: vscode.l10n.t('Voice description in English (optional, replaces the voice)'),
    validateInput: (value) => (value.length <= 300 ? undefined : vscode.l10n.t('At most 300 characters')),
  });
  if (instruct === undefined) return undefined;
  return { language: language.id, voice: voice.id, speed: Number(speed), ...(instruct.trim() ? { instruct: instruct.trim() } : {}) };
}

export async function speakSelection(services: Services, options?: SpeakOptions): Promise<CommandOutcome> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  const text = selectedText(editor);
  if (!text.trim()) return { status: 'nothing', message: vscode.l10n.t('Select some text first.') };
  let chosen = options;
  if (!chosen) {
    try {
      chosen = await askOptions(services);
    } catch (error) {
      return reportError(services, error, () => speakSelection(services, options));
    }
    if (!chosen) return { status: 'cancelled' };
  }
  return speakText(services, editor, text, chosen);
}
