// The language a file for Translate File is written in, as the file states it, before the service
// is asked to guess: one-word UI strings ("Open", "Save") are too short to detect, and a guess per
// string sends `en.json`'s "Gift" as German. Read, in this order: the file's name (`en.json`,
// `messages.en.yaml`), a folder of its path, nearest first (`locales/en/`, `en-US/`, gettext's
// `ru/LC_MESSAGES/`), then what the format says inside (FileFormat.statedLanguage: a PO header's
// `Language:`, XLIFF's `srcLang` / `source-language`, front matter's `lang`, a YAML root key).
import { isLanguage } from './file-naming';
import { isLanguageId } from './language-id';

/** `en_US`, `en-us` and `pt_BR@latin` in a language code's shape (`en-US`, `pt-BR`). */
export function normalizeLanguage(raw: string): string | undefined {
  const [primary = '', ...rest] = raw.trim().split('@')[0]?.split(/[-_]/) ?? [];
  const code = [primary.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
  return isLanguageId(code) ? code : undefined;
}

/** The codes a path names, the file's name first, then its folders from the nearest. */
export function languagesInPath(path: string): string[] {
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  const name = segments.pop() ?? '';
  const pieces = name.split('.');
  const fromName = pieces.length > 1 ? pieces.slice(0, -1).reverse() : [];
  return [...fromName, ...segments.reverse()]
    .filter((segment) => isLanguage(segment, undefined))
    .flatMap((segment) => normalizeLanguage(segment) ?? []);
}

/**
 * The first of `candidates` the service translates from (`available`, its list): the code itself,
 * or its primary language (`en-US` is sent as `en`). Undefined when none is.
 */
export function firstAvailable(candidates: readonly (string | undefined)[], available: readonly string[]): string | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const code = normalizeLanguage(candidate);
    if (!code) continue;
    if (available.includes(code)) return code;
    const primary = code.split('-')[0] ?? '';
    if (available.includes(primary)) return primary;
  }
  return undefined;
}
