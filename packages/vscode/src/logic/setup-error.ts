/** The extension cannot call the service yet: no key, or no service address. */
export class SetupMissingError extends Error {
  readonly type = 'setup_missing';
  constructor(readonly missing: 'key' | 'baseUrl') {
    super(missing === 'key' ? 'No API key is set.' : 'No service address is set.');
    this.name = 'SetupMissingError';
  }
}
