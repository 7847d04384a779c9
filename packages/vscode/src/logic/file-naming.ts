// The name of a translated file, by the target code: a name that is a language code is replaced
// (`en.json` -> `kbd.json`), a language code before the extension is replaced
// (`messages.en.po` -> `messages.kbd.po`), otherwise the code goes before the extension
// (`talk.srt` -> `talk.kbd.srt`, `notes.md` -> `notes.kbd.md`).

import { InvalidLanguageError, isLanguageId } from './language-id';

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

/** Throws InvalidLanguageError when `target` is not a language code (a path such as `../../x` would name a file elsewhere). */
export function translatedFileName(name: string, target: string, source?: string): string {
  if (!isLanguageId(target)) throw new InvalidLanguageError(target);
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  if (isLanguage(stem, source)) return `${target}${extension}`;
  const inner = stem.lastIndexOf('.');
  if (inner > 0 && isLanguage(stem.slice(inner + 1), source)) return `${stem.slice(0, inner)}.${target}${extension}`;
  return `${stem}.${target}${extension}`;
}

/** Whether `target` is a file beside `source` (same folder, no `..`, not the source itself): where Translate File may write. */
export function isBeside(source: string, target: string): boolean {
  const folder = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);
  const name = target.slice(target.lastIndexOf('/') + 1);
  return (
    folder(target) === folder(source) &&
    target !== source &&
    name !== '' &&
    !target.split('/').some((part) => part === '..' || part === '.')
  );
}
