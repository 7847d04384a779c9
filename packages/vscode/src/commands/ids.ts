/** Every command the extension contributes (package.json `contributes.commands`). */
export const CommandId = {
  translateSelection: 'circassian.translateSelection',
  translateSelectionTo: 'circassian.translateSelectionTo',
  insertDictionaryEntry: 'circassian.insertDictionaryEntry',
  detectLanguage: 'circassian.detectLanguage',
  speakSelection: 'circassian.speakSelection',
  fixPalochka: 'circassian.fixPalochka',
  setApiKey: 'circassian.setApiKey',
  showAccount: 'circassian.showAccount',
  chooseTargetLanguage: 'circassian.chooseTargetLanguage',
  resumeSpeech: 'circassian.resumeSpeech',
  applyTranslation: 'circassian.applyTranslation',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];
