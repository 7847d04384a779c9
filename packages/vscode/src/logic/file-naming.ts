// The name of a translated file, by the target code: a name that is a language code is replaced
// (`en.json` -> `kbd.json`), a language code before the extension is replaced
// (`messages.en.po` -> `messages.kbd.po`), otherwise the code goes before the extension
// (`talk.srt` -> `talk.kbd.srt`, `notes.md` -> `notes.kbd.md`).

/** Codes taken for a language in a file name (the service's five and common ISO 639-1 ones). */
const KNOWN = new Set([
  'ru',
  'en',
  'tr',
  'kbd',
  'ady',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'uk',
  'ar',
  'zh',
  'ja',
  'ko',
  'pl',
  'nl',
  'sv',
  'fi',
  'cs',
  'he',
  'fa',
  'az',
  'ka',
  'hy',
  'kk',
  'uz',
  'os',
  'ce',
  'ab',
]);

/** Whether a file-name segment (or a YAML root key) is a language code. */
export function isLanguage(segment: string, source: string | undefined): boolean {
  const code = segment.toLowerCase();
  return code === source?.toLowerCase() || KNOWN.has(code) || KNOWN.has(code.split(/[-_]/)[0] ?? '');
}

export function translatedFileName(name: string, target: string, source?: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  if (isLanguage(stem, source)) return `${target}${extension}`;
  const inner = stem.lastIndexOf('.');
  if (inner > 0 && isLanguage(stem.slice(inner + 1), source)) return `${stem.slice(0, inner)}.${target}${extension}`;
  return `${stem}.${target}${extension}`;
}
