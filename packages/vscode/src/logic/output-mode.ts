/**
 * Where a translation goes: over the source, on the line below it, shown beside it with an Apply
 * action, or onto the clipboard (the document is left alone).
 */
export type TranslationOutput = 'replace' | 'below' | 'beside' | 'copy';
