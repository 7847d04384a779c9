// Language codes as they enter the extension: from the service's language list and from the
// settings (and from callers of the commands). A code names files (Translate File's `kbd.json`) and
// is shown in Markdown hovers, so only the shape of a language code passes: no path, no markup.

/** A primary subtag of two or three letters, then subtags (`pt-BR`, `zh-Hans`, `sr-Latn-RS`). */
const LANGUAGE_ID = /^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$/;

export function isLanguageId(value: unknown): value is string {
  return typeof value === 'string' && LANGUAGE_ID.test(value);
}

/** A code that is not one, where a code was asked for (a caller's `target`, a file name). */
export class InvalidLanguageError extends Error {
  override readonly name = 'InvalidLanguageError';
  constructor(readonly value: string) {
    super(`“${value}” is not a language code (such as kbd, ru or pt-BR).`);
  }
}

export interface LanguageSettings {
  readonly targetLanguage: string;
  /** Empty: the service detects the source. */
  readonly sourceLanguage: string;
  readonly preferredLanguages: readonly string[];
  /** Values left out, for a warning that names them. */
  readonly rejected: ReadonlyArray<{ readonly setting: string; readonly value: string }>;
}

const DEFAULT_TARGET = 'ru';

/** The language settings with every value that is not a code replaced by the default (rejected, named). */
export function readLanguageSettings(raw: { target: string; source: string; preferred: readonly string[] }): LanguageSettings {
  const rejected: Array<{ setting: string; value: string }> = [];
  const target = raw.target.trim();
  const source = raw.source.trim();
  if (target && !isLanguageId(target)) rejected.push({ setting: 'targetLanguage', value: raw.target });
  if (source && !isLanguageId(source)) rejected.push({ setting: 'sourceLanguage', value: raw.source });
  const preferred = raw.preferred.map((code) => code.trim()).filter((code) => code !== '');
  for (const code of preferred) if (!isLanguageId(code)) rejected.push({ setting: 'preferredLanguages', value: code });
  return {
    targetLanguage: isLanguageId(target) ? target : DEFAULT_TARGET,
    sourceLanguage: isLanguageId(source) ? source : '',
    preferredLanguages: preferred.filter(isLanguageId),
    rejected,
  };
}
