/** Where a translation goes: over the source, on the line below it, or shown beside it with an Apply action. */
export type TranslationOutput = 'replace' | 'below' | 'beside';
