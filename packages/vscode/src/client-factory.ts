// The service client the commands share: the key from SecretStorage (then CIRCASSIAN_API_KEY), the
// address from `circassian.baseUrl` (then CIRCASSIAN_BASE_URL), VS Code's proxy settings as an
// undici ProxyAgent. Rebuilt when any of these change; the key itself is never logged or shown.
import * as vscode from 'vscode';
import type { CircassianClient } from '@circassian/core';
import type { ProxyAgent } from 'undici';
import type { ConfigStore } from './config';
import { SetupMissingError } from './logic/setup-error';

export const SECRET_KEY_NAME = 'circassian.apiKey';

interface BuiltClient {
  readonly client: CircassianClient;
  readonly proxy: ProxyAgent | undefined;
}

export class ClientFactory implements vscode.Disposable {
  #built: Promise<BuiltClient> | undefined;
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

  /** The client for the current key, address and proxy; throws SetupMissingError when one is missing. */
  get(): Promise<CircassianClient> {
    this.#built ??= this.#build().catch((error: unknown) => {
      this.#built = undefined;
      throw error;
    });
    return this.#built.then((built) => built.client);
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

  /** Drops the current client (its connections close once idle). */
  reset(): void {
    const previous = this.#built;
    this.#built = undefined;
    void previous?.then(
      async ({ client, proxy }) => {
        await client.close();
        await proxy?.close();
      },
      () => undefined,
    );
  }

  async #build(): Promise<BuiltClient> {
    // Loaded on the first call, not at activation: the HTTP client is most of the bundle's code.
    const { API_KEY_ENV, BASE_URL_ENV, CircassianClient } = await import('@circassian/core');
    const { ProxyAgent } = await import('undici');
    const apiKey = (await this.secrets.get(SECRET_KEY_NAME)) || process.env[API_KEY_ENV]?.trim();
    if (!apiKey) throw new SetupMissingError('key');
    const { baseUrl: configured, proxy: proxySettings } = this.config.current;
    const baseUrl = configured || process.env[BASE_URL_ENV]?.trim();
    if (!baseUrl) throw new SetupMissingError('baseUrl');
    const proxy: ProxyAgent | undefined = proxySettings.url
      ? new ProxyAgent({
          uri: proxySettings.url,
          requestTls: { rejectUnauthorized: proxySettings.strictSSL },
          proxyTls: { rejectUnauthorized: proxySettings.strictSSL },
        })
      : undefined;
    const client = new CircassianClient({
      apiKey,
      baseUrl,
      appInfo: { name: 'circassian-vscode', version: this.version },
      // A long Retry-After is told to the user at once instead of freezing the editor.
      maxRetryDelayMs: 5_000,
      ...(proxy ? { dispatcher: proxy } : {}),
    });
    return { client, proxy };
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.reset();
  }
}
