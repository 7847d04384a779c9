/** Every command the extension contributes (package.json `contributes.commands`). */
export const CommandId = {
  translateSelection: 'circassian.translateSelection',
  translateSelectionTo: 'circassian.translateSelectionTo',
  translateSelectionFrom: 'circassian.translateSelectionFrom',
  translateFile: 'circassian.translateFile',
  insertDictionaryEntry: 'circassian.insertDictionaryEntry',
  chooseDictionary: 'circassian.chooseDictionary',
  detectLanguage: 'circassian.detectLanguage',
  speakSelection: 'circassian.speakSelection',
  speakSelectionWithOptions: 'circassian.speakSelectionWithOptions',
  fixPalochka: 'circassian.fixPalochka',
  setApiKey: 'circassian.setApiKey',
  removeApiKey: 'circassian.removeApiKey',
  showAccount: 'circassian.showAccount',
  chooseTargetLanguage: 'circassian.chooseTargetLanguage',
  toggleHover: 'circassian.toggleHover',
  hoverAction: 'circassian.hoverAction',
  tryTranslation: 'circassian.tryTranslation',
  resumeSpeech: 'circassian.resumeSpeech',
  playSpeech: 'circassian.playSpeech',
  pauseSpeech: 'circassian.pauseSpeech',
  stopSpeech: 'circassian.stopSpeech',
  saveSpeech: 'circassian.saveSpeech',
  applyTranslation: 'circassian.applyTranslation',
  copyTranslation: 'circassian.copyTranslation',
  dismissTranslation: 'circassian.dismissTranslation',
  importMemory: 'circassian.importMemory',
  exportMemory: 'circassian.exportMemory',
  clearMemory: 'circassian.clearMemory',
  teachCorrection: 'circassian.teachCorrection',
  reviewMemory: 'circassian.reviewMemory',
  showNearMatches: 'circassian.showNearMatches',
  searchMemory: 'circassian.searchMemory',
  addGlossaryTerm: 'circassian.addGlossaryTerm',
  importGlossary: 'circassian.importGlossary',
  exportGlossary: 'circassian.exportGlossary',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];

/** VS Code's own command that opens the Workspace Trust editor (the hover and the memory's Restricted Mode notice link to it). */
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';
