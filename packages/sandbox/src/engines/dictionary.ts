/** Interim: replaced by the engines work. */
export interface DictionaryEntry {
  readonly word: string;
  readonly dialect: 'kbd' | 'ady';
  readonly lang: 'ru' | 'en' | 'tr';
  readonly found: boolean;
  readonly entries: readonly { readonly translation: string; readonly part_of_speech?: string; readonly examples?: readonly string[] }[];
  readonly [extra: string]: unknown;
}

export function lookUpWord(word: string, dialect: 'kbd' | 'ady', lang: 'ru' | 'en' | 'tr'): DictionaryEntry {
  return { word, dialect, lang, found: false, entries: [] };
}
