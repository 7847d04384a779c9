// A service error in the editor's language. The server sends the error's type beside its English
// sentence (server/src/services/errors.ts keeps those words), so the English is not written twice:
// it is the default here, and only the other languages' files (ru.json) hold these ids. Strapi's
// admin reads English for any id a language lacks, and a type the admin does not know (a plugin's
// own error, whose sentence names the cause) keeps the server's words.
import type { AnyErrorType } from '@circassian/core';
import { message, type Format } from './messages';

/** Every type @circassian/core knows; a type added there without a line here fails to compile. */
const TYPES: Readonly<Record<AnyErrorType, true>> = {
  unauthorized: true,
  invalid_request: true,
  rate_limited: true,
  quota_exceeded: true,
  queue_timeout: true,
  upstream_unavailable: true,
  upstream_error: true,
  internal_error: true,
  not_found: true,
  connection_error: true,
  timeout: true,
  aborted: true,
  job_failed: true,
  response_too_large: true,
  invalid_response: true,
  not_configured: true,
  unknown: true,
};

const known = (type: string): type is AnyErrorType => Object.hasOwn(TYPES, type);

/** The server's sentence for an error, said again in the admin's language when its type is known. */
export function errorWords(t: Format, type: string | null | undefined, serverWords: string): string {
  if (!type || !known(type)) return serverWords;
  return t(message(`serviceError.${type}`, serverWords));
}
