// The service client the commands share: the key from SecretStorage (then CIRCASSIAN_API_KEY), the
// address from `circassian.baseUrl` (then CIRCASSIAN_BASE_URL), its requests through the editor's
// own network stack (which follows VS Code's proxy settings by itself). Rebuilt when the key or
// the address changes; the key itself is never logged or shown.
import * as vscode from 'vscode';
import type { CircassianClient } from '@circassian/core';
import { credentialsFromEnvironment } from '@circassian/core/environment';
import type { ConfigStore } from './config';
import { isServiceAddress, SetupInvalidBaseUrlError, SetupMissingError } from './logic/setup-error';
import { editorDispatcher } from './network/editor-dispatcher';

export const SECRET_KEY_NAME = 'circassian.apiKey';

export class ClientFactory implements vscode.Disposable {
  #built: Promise<CircassianClient> | undefined;
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly config: ConfigStore,
    private readonly version: string,
  ) {
    this.#subscriptions = [
      config.onDidChangeConnection(() => this.reset()),
      secrets.onDidChange((event) => {
        if (event.key === SECRET_KEY_NAME) this.reset();
      }),
    ];
  }

  /** The client for the current key and address; throws SetupMissingError when one is missing. */
  get(): Promise<CircassianClient> {
    this.#built ??= this.#build().catch((error: unknown) => {
      this.#built = undefined;
      throw error;
    });
    return this.#built;
  }

  /** The service address: the setting, then CIRCASSIAN_BASE_URL (core's BASE_URL_ENV, named here so activation loads no client code). */
  address(): string | undefined {
    return this.config.current.baseUrl || credentialsFromEnvironment().baseUrl;
  }

  /** Whether a key is stored or in CIRCASSIAN_API_KEY. */
  async hasKey(): Promise<boolean> {
    return Boolean((await this.secrets.get(SECRET_KEY_NAME)) || credentialsFromEnvironment().apiKey);
  }

  async storeKey(key: string): Promise<void> {
    await this.secrets.store(SECRET_KEY_NAME, key.trim());
    this.reset();
  }

  /** Removes the stored key; true when there was one. The environment's key, if any, is used from now on. */
  async removeKey(): Promise<boolean> {
    const had = (await this.secrets.get(SECRET_KEY_NAME)) !== undefined;
    await this.secrets.delete(SECRET_KEY_NAME);
    this.reset();
    return had;
  }

  /** Drops the current client; the next call builds a new one. */
  reset(): void {
    const previous = this.#built;
    this.#built = undefined;
    void previous?.then(
      (client) => client.close(),
      () => undefined,
    );
  }

  async #build(): Promise<CircassianClient> {
    // Loaded on the first call, not at activation: the client's code is evaluated only when needed.
    const { CircassianClient } = await import('@circassian/core');
    const apiKey = (await this.secrets.get(SECRET_KEY_NAME)) || credentialsFromEnvironment().apiKey;
    const baseUrl = this.address();
    if (!apiKey || !baseUrl) throw new SetupMissingError(!apiKey && !baseUrl ? 'both' : !apiKey ? 'key' : 'baseUrl');
    if (!isServiceAddress(baseUrl)) throw new SetupInvalidBaseUrlError(baseUrl);
    return new CircassianClient({
      apiKey,
      baseUrl,
      appInfo: { name: 'circassian-vscode', version: this.version },
      // A long Retry-After is told to the user at once instead of freezing the editor.
      maxRetryDelayMs: 5_000,
      dispatcher: editorDispatcher,
    });
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.reset();
  }
}
