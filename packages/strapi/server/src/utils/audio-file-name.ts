// Audio files with names a person can find in the Media Library.
/** `<slug>-<locale>.mp3` (or `.wav`, or `.vtt` for its transcript) when the entry has a slug, else the document id: a name a person can find in the Media Library. */
export function audioFileName(
  entry: Record<string, unknown>,
  documentId: string,
  locale: string,
  extension: 'mp3' | 'wav' | 'vtt' = 'wav',
): string {
  const slug = typeof entry.slug === 'string' && entry.slug ? entry.slug : documentId;
  return `${slug.replace(/[^\p{L}\p{N}_-]+/gu, '-')}-${locale}.${extension}`;
}
