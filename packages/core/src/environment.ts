// The key and the service address a program may take from its environment. Every host that
// falls back to the environment (the client, the CLI, the VS Code extension, the Strapi plugin)
// reads it here, so the variables' names and the trimming rule are one decision.
import { readEnv, type Environment } from './internal/env.js';

export const API_KEY_ENV = 'CIRCASSIAN_API_KEY';
export const BASE_URL_ENV = 'CIRCASSIAN_BASE_URL';

export interface EnvironmentCredentials {
  /** CIRCASSIAN_API_KEY, trimmed; undefined when unset or blank. */
  apiKey: string | undefined;
  /** CIRCASSIAN_BASE_URL, trimmed; undefined when unset or blank. */
  baseUrl: string | undefined;
}

/** The key and address in `env` (default: the process's environment; none outside Node). */
export function credentialsFromEnvironment(env?: Environment): EnvironmentCredentials {
  // An undefined `env` lets readEnv take the process's own.
  return { apiKey: readEnv(API_KEY_ENV, env), baseUrl: readEnv(BASE_URL_ENV, env) };
}
