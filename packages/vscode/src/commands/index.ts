// Registers every contributed command in one place; each disposable goes into the context.
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { HoverTranslations } from '../translate/hover';
import { hoverAction } from './hover-action';
import { addGlossaryTerm } from './add-glossary-term';
import { exportGlossary, importGlossary } from './glossary-files';
import { applyTranslation, copyTranslation, dismissTranslation } from './apply-translation';
import { chooseTargetLanguage } from './choose-target-language';
import { clearMemory } from './clear-memory';
import { detectLanguage } from './detect-language';
import { exportMemory } from './export-memory';
import { fixPalochka } from './fix-palochka';
import { CommandId } from '../command-ids';
import { importMemory } from './import-memory';
import { chooseDictionaryCommand, insertDictionaryEntry } from './insert-dictionary-entry';
import { resumeSpeech } from './resume-speech';
import { reviewMemory } from './review-memory';
import { searchMemory } from './search-memory';
import { showNearMatches } from './show-near-matches';
import { saveSpeech } from './save-speech';
import { setApiKey } from './set-api-key';
import { showAccount } from './show-account';
import { removeApiKey } from './remove-api-key';
import { speakSelection, speakSelectionWithOptions } from './speak-selection';
import { translateSelection } from './translate-selection';
import { translateFile } from './translate-file';
import { translateSelectionFrom } from './translate-selection-from';
import { teachCorrection } from './teach-correction';
import { toggleHover } from './toggle-hover';
import { markTranslated, tryTranslation } from './try-translation';
import { translateSelectionTo } from './translate-selection-to';

/** An options object from a caller; the palette and key bindings pass nothing (or a URI from a menu). */
function options<T extends object>(value: unknown): T | undefined {
  return value !== null && typeof value === 'object' && !(value instanceof vscode.Uri) ? (value as T) : undefined;
}

export function registerCommands(context: vscode.ExtensionContext, services: Services, hover: HoverTranslations): void {
  const handlers: Record<CommandId, (argument?: unknown) => Promise<unknown>> = {
    [CommandId.translateSelection]: async (argument) => {
      const outcome = await translateSelection(services, options(argument));
      if (outcome.status === 'ok') await markTranslated();
      return outcome;
    },
    [CommandId.translateSelectionTo]: (argument) => translateSelectionTo(services, options(argument)),
    [CommandId.translateSelectionFrom]: (argument) => translateSelectionFrom(services, options(argument)),
    // From the explorer's menu the argument is the file's Uri.
    [CommandId.translateFile]: (argument) =>
      argument instanceof vscode.Uri ? translateFile(services, undefined, argument) : translateFile(services, options(argument)),
    [CommandId.insertDictionaryEntry]: (argument) => insertDictionaryEntry(services, options(argument)),
    [CommandId.chooseDictionary]: (argument) => chooseDictionaryCommand(services, options(argument)),
    [CommandId.detectLanguage]: () => detectLanguage(services),
    [CommandId.speakSelection]: (argument) => speakSelection(services, options(argument)),
    [CommandId.speakSelectionWithOptions]: (argument) => speakSelectionWithOptions(services, options(argument)),
    [CommandId.fixPalochka]: (argument) => fixPalochka(services.palochkaLetter, options(argument)),
    [CommandId.setApiKey]: (argument) => setApiKey(services, typeof argument === 'string' ? argument : undefined),
    [CommandId.removeApiKey]: () => removeApiKey(services),
    [CommandId.showAccount]: () => showAccount(services),
    [CommandId.chooseTargetLanguage]: (argument) => chooseTargetLanguage(services, options(argument)),
    [CommandId.toggleHover]: () => toggleHover(services),
    [CommandId.tryTranslation]: () => tryTranslation(services),
    [CommandId.hoverAction]: (argument) => hoverAction(services, hover, options(argument)),
    [CommandId.resumeSpeech]: (argument) => resumeSpeech(services, options(argument)),
    [CommandId.playSpeech]: () => services.player.command('play'),
    [CommandId.pauseSpeech]: () => services.player.command('pause'),
    [CommandId.stopSpeech]: () => services.player.command('stop'),
    [CommandId.saveSpeech]: (argument) => saveSpeech(services, options(argument)),
    [CommandId.applyTranslation]: (argument) => applyTranslation(services, options(argument)),
    [CommandId.copyTranslation]: (argument) => copyTranslation(services, options(argument)),
    [CommandId.dismissTranslation]: (argument) => dismissTranslation(services, options(argument)),
    [CommandId.importMemory]: (argument) => importMemory(services, argument instanceof vscode.Uri ? { uri: argument } : options(argument)),
    [CommandId.exportMemory]: (argument) => exportMemory(services, argument instanceof vscode.Uri ? { uri: argument } : options(argument)),
    [CommandId.clearMemory]: (argument) => clearMemory(services, options(argument)),
    [CommandId.teachCorrection]: () => teachCorrection(services),
    [CommandId.reviewMemory]: (argument) => reviewMemory(services, options(argument)),
    [CommandId.showNearMatches]: (argument) => showNearMatches(services, options(argument)),
    [CommandId.searchMemory]: (argument) => searchMemory(services, options(argument)),
    [CommandId.addGlossaryTerm]: (argument) => addGlossaryTerm(services, options(argument)),
    [CommandId.importGlossary]: (argument) =>
      importGlossary(services, argument instanceof vscode.Uri ? { uri: argument } : options(argument)),
    [CommandId.exportGlossary]: (argument) =>
      exportGlossary(services, argument instanceof vscode.Uri ? { uri: argument } : options(argument)),
  };
  for (const [id, handler] of Object.entries(handlers)) {
    context.subscriptions.push(vscode.commands.registerCommand(id, handler));
  }
}
