/** The extension cannot call the service yet: no key, or no service address. */
export class SetupMissingError extends Error {
  readonly type = 'setup_missing';
  constructor(readonly missing: 'key' | 'baseUrl') {
    super(missing === 'key' ? 'No API key is set.' : 'No service address is set.');
    this.name = 'SetupMissingError';
  }
}

/**
 * `circassian.speech.folder` points outside the workspace: refused before any audio is paid for.
 * A workspace must not make the extension write files anywhere on the machine.
 */
export class SpeechFolderError extends Error {
  readonly type = 'setup_speech_folder';
  constructor(
    readonly folder: string,
    /** Where audio may go, as the user reads it ("the workspace folder /home/me/project"). */
    readonly allowed: string,
  ) {
    super(`The speech folder ${folder} is outside ${allowed}.`);
    this.name = 'SpeechFolderError';
  }
}
