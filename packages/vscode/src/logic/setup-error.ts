/** The extension cannot call the service yet: no key, no service address, or neither (asked for in one flow). */
export class SetupMissingError extends Error {
  readonly type = 'setup_missing';
  constructor(readonly missing: 'key' | 'baseUrl' | 'both') {
    super(
      missing === 'key'
        ? 'No API key is set.'
        : missing === 'baseUrl'
          ? 'No service address is set.'
          : 'No API key and no service address are set.',
    );
    this.name = 'SetupMissingError';
  }
}

/**
 * The service address has no `http://` or `https://` (`example.org/v1`): the client cannot use it,
 * and "set the address first" would be wrong, since it is set.
 */
export class SetupInvalidBaseUrlError extends Error {
  readonly type = 'setup_invalid_baseUrl';
  constructor(readonly value: string) {
    super(`The service address ${value} is not an http(s) address.`);
    this.name = 'SetupInvalidBaseUrlError';
  }
}

/** Whether `value` is an address the client can call: http(s), with a host. */
export function isServiceAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
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
