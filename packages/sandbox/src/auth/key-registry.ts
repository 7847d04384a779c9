import { hashSecret, newKeyPrefix, newKeySecret, newSalt, secretMatches } from './secrets.js';
import type { KeyLimits, StoredKey } from '../store/types.js';

export interface NewKey {
  readonly name: string;
  readonly limits: KeyLimits;
  readonly content_logging: boolean;
  /** A full `PREFIX.SECRET` to register instead of generating one (the `--key` flag). */
  readonly key?: string | undefined;
}

export interface IssuedKey {
  /** The full `PREFIX.SECRET`; shown once, never stored. */
  readonly key: string;
  readonly record: StoredKey;
}

/** Public view of a key: never its secret or hash. */
export interface KeySummary {
  readonly prefix: string;
  readonly name: string;
  readonly limits: KeyLimits;
  readonly content_logging: boolean;
  readonly created_at: string;
  readonly revoked: boolean;
}

/** The service's keys, indexed by prefix, holding only salted hashes of the secrets. */
export class KeyRegistry {
  readonly #keys = new Map<string, StoredKey>();
  readonly #verified = new WeakMap<object, { readonly token: string; readonly record: StoredKey }>();

  constructor(stored: readonly StoredKey[] = []) {
    for (const key of stored) this.#keys.set(key.prefix, key);
  }

  issue(request: NewKey, createdAt: string): IssuedKey {
    const [prefix, secret] = request.key ? splitKey(request.key) : [newKeyPrefix(), newKeySecret()];
    if (!prefix || !secret) throw new Error(`A key has the form PREFIX.SECRET; got ${JSON.stringify(request.key)}`);
    const salt = newSalt();
    const record: StoredKey = {
      prefix,
      name: request.name,
      salt,
      hash: hashSecret(salt, secret),
      limits: { ...request.limits },
      content_logging: request.content_logging,
      created_at: createdAt,
      revoked_at: null,
    };
    this.#keys.set(prefix, record);
    return { key: `${prefix}.${secret}`, record };
  }

  /**
   * The live key a bearer token names, or undefined (missing, malformed, wrong, revoked).
   * `connection` (the request's socket) lets a keep-alive connection that presents the same token
   * again skip the hash: the token is remembered only as long as that socket lives, is never
   * written anywhere, and a revoked or replaced key is re-checked on every call.
   */
  authenticate(token: string | undefined, connection?: object): StoredKey | undefined {
    if (!token) return undefined;
    const remembered = connection && this.#verified.get(connection);
    if (remembered?.token === token && this.#isLive(remembered.record)) return remembered.record;
    const [prefix, secret] = splitKey(token);
    if (!prefix || !secret) return undefined;
    const record = this.#keys.get(prefix);
    if (!record || !this.#isLive(record) || !secretMatches(record.salt, record.hash, secret)) return undefined;
    if (connection) this.#verified.set(connection, { token, record });
    return record;
  }

  #isLive(record: StoredKey): boolean {
    return record.revoked_at === null && this.#keys.get(record.prefix) === record;
  }

  get(prefix: string): StoredKey | undefined {
    return this.#keys.get(prefix);
  }

  has(prefix: string): boolean {
    return this.#keys.has(prefix);
  }

  all(): StoredKey[] {
    return [...this.#keys.values()];
  }
}

export function summarizeKey(record: StoredKey): KeySummary {
  return {
    prefix: record.prefix,
    name: record.name,
    limits: { ...record.limits },
    content_logging: record.content_logging,
    created_at: record.created_at,
    revoked: record.revoked_at !== null,
  };
}

/** Splits `PREFIX.SECRET` at its first dot. */
function splitKey(key: string): [string | undefined, string | undefined] {
  const dot = key.indexOf('.');
  return dot <= 0 ? [undefined, undefined] : [key.slice(0, dot), key.slice(dot + 1)];
}
