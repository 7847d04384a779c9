// One typed view of the `circassian.*` settings (mirrors `contributes.configuration` in
// package.json). Read once, re-read only when a change affects `circassian`. VS Code's proxy
// settings are the editor's own network stack's business (network/editor-dispatcher.ts).
import * as vscode from 'vscode';
import { readLanguageSettings, type LanguageSettings } from './logic/language-id';
import type { TranslationOutput } from './logic/output-mode';
import type { Dialect, PalochkaSetting, PalochkaSettings } from './logic/palochka-letter';

export interface CircassianConfig {
  readonly baseUrl: string;
  readonly targetLanguage: string;
  /** Empty: the service detects the source. */
  readonly sourceLanguage: string;
  readonly translationOutput: TranslationOutput;
  /** Languages offered first when picking one, most recent first (picking one moves it to the front). */
  readonly preferredLanguages: readonly string[];
  readonly dictionaryFormat: 'markdown' | 'comment';
  readonly speech: {
    readonly language: string;
    readonly voice: string;
    readonly speed: number;
    /** Relative to the first workspace folder, or absolute. */
    readonly folder: string;
  };
  readonly palochkaDiagnostics: boolean;
  readonly hover: { readonly enabled: boolean; readonly dailyCharacterLimit: number };
  /** The correct palochka by the text's dialect, else `letter`, else the letter it uses most (logic/palochka-letter.ts). */
  readonly palochka: PalochkaSettings;
  /** The workspace's translation memory: a TMX file, relative to the first workspace folder, or absolute. */
  readonly memory: { readonly enabled: boolean; readonly file: string; readonly author: string };
  /** The workspace's glossary: a TBX (or CSV) file, relative to the first workspace folder, or absolute. */
  readonly glossary: { readonly file: string };
}

export const DEFAULT_MEMORY_FILE = '.circassian/memory.tmx';
export const DEFAULT_GLOSSARY_FILE = '.circassian/glossary.tbx';

function readPalochkaLetter(value: unknown): PalochkaSetting {
  const normalized = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return normalized === 'U+04C0' || normalized === 'U+04CF' ? normalized : '';
}

/** `circassian.palochka.letters`: a letter per dialect; anything else in the object is left out. */
function readPalochkaLetters(value: unknown): PalochkaSettings['letters'] {
  const letters: Partial<Record<Dialect, 'U+04C0' | 'U+04CF'>> = {};
  if (value === null || typeof value !== 'object') return letters;
  for (const dialect of ['kbd', 'ady'] as const) {
    const letter = readPalochkaLetter((value as Record<string, unknown>)[dialect]);
    if (letter) letters[dialect] = letter;
  }
  return letters;
}

/** The language settings, codes only (a path such as `../../x` would name files: language-id.ts). */
function readLanguages(settings: vscode.WorkspaceConfiguration): LanguageSettings {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return readLanguageSettings({
    target: text(settings.get<unknown>('targetLanguage', 'ru')),
    source: text(settings.get<unknown>('sourceLanguage', '')),
    preferred: (settings.get<unknown[]>('preferredLanguages', []) ?? []).filter((code): code is string => typeof code === 'string'),
  });
}

function readConfig(): CircassianConfig {
  const settings = vscode.workspace.getConfiguration('circassian');
  const output = settings.get<string>('translationOutput', 'replace');
  const { targetLanguage, sourceLanguage, preferredLanguages } = readLanguages(settings);
  return {
    baseUrl: settings.get<string>('baseUrl', '').trim(),
    targetLanguage,
    sourceLanguage,
    translationOutput: output === 'below' || output === 'beside' || output === 'copy' ? output : 'replace',
    preferredLanguages,
    dictionaryFormat: settings.get<string>('dictionary.format') === 'comment' ? 'comment' : 'markdown',
    speech: {
      language: settings.get<string>('speech.language', 'kbd'),
      voice: settings.get<string>('speech.voice', 'male'),
      speed: settings.get<number>('speech.speed', 0.85),
      folder: settings.get<string>('speech.folder', 'speech'),
    },
    palochkaDiagnostics: settings.get<boolean>('palochka.diagnostics', true),
    hover: {
      enabled: settings.get<boolean>('hover.enabled', false),
      dailyCharacterLimit: settings.get<number>('hover.dailyCharacterLimit', 5_000),
    },
    palochka: {
      letter: readPalochkaLetter(settings.get<unknown>('palochka.letter', '')),
      letters: readPalochkaLetters(settings.get<unknown>('palochka.letters', {})),
    },
    memory: {
      enabled: settings.get<boolean>('memory.enabled', true) !== false,
      file: settings.get<string>('memory.file', '').trim() || DEFAULT_MEMORY_FILE,
      author: settings.get<string>('memory.author', '').trim(),
    },
    glossary: { file: settings.get<string>('glossary.file', '').trim() || DEFAULT_GLOSSARY_FILE },
  };
}

/** The current settings, kept fresh; listeners hear about changes that concern the extension. */
export class ConfigStore implements vscode.Disposable {
  #current = readConfig();
  readonly #changed = new vscode.EventEmitter<CircassianConfig>();
  readonly onDidChange = this.#changed.event;
  readonly #connectionChanged = new vscode.EventEmitter<void>();
  /**
   * Fires only when the service address changed: what the HTTP client and the lists
   * fetched from the service depend on. Changing the target language mid-call must not close the
   * client a speech job is polling with.
   */
  readonly onDidChangeConnection = this.#connectionChanged.event;
  /** The rejected language settings last warned about, so a warning is not repeated on every change. */
  #warned = '';
  readonly #subscription = vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration('circassian')) return;
    const { baseUrl } = this.#current;
    this.#current = readConfig();
    this.#warnAboutLanguages();
    this.#changed.fire(this.#current);
    if (this.#current.baseUrl !== baseUrl) this.#connectionChanged.fire();
  });

  constructor() {
    this.#warnAboutLanguages();
  }

  /** A language setting that is not a code is not used (the default is): said once, naming it. */
  #warnAboutLanguages(): void {
    const { rejected } = readLanguages(vscode.workspace.getConfiguration('circassian'));
    const key = JSON.stringify(rejected);
    if (key === this.#warned) return;
    this.#warned = key;
    for (const { setting, value } of rejected) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('circassian.{0}: “{1}” is not a language code (such as kbd, ru or pt-BR); it is not used.', setting, value),
      );
    }
  }

  get current(): CircassianConfig {
    return this.#current;
  }

  /** Changes a setting in the user settings (never used for the key). */
  async update(name: string, value: unknown): Promise<void> {
    await vscode.workspace.getConfiguration('circassian').update(name, value, vscode.ConfigurationTarget.Global);
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#changed.dispose();
    this.#connectionChanged.dispose();
  }
}
