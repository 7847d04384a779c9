// circassian.translateSelection: translate every selection into the target language setting.
import { translateSelections, type TranslateOutcome } from '../translate/translate-selections';
import type { TranslationOutput } from '../logic/output-mode';
import type { CommandOutcome, Services } from '../services';
import { activeEditor, isEditor } from './active-editor';

export interface TranslateSelectionOptions {
  readonly target?: string;
  readonly source?: string;
  readonly output?: TranslationOutput;
}

export async function translateSelection(
  services: Services,
  options: TranslateSelectionOptions = {},
): Promise<TranslateOutcome | CommandOutcome> {
  const editor = activeEditor();
  if (!isEditor(editor)) return editor;
  return translateSelections(services, editor, {
    target: options.target ?? services.config.current.targetLanguage,
    source: options.source,
    output: options.output,
  });
}
