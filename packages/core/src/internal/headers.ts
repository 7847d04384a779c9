import type { IncomingHttpHeaders } from 'node:http';

/** undici's response headers as one lower-case string per name. */
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Headers safe to log: the key never leaves the client, not even into a debug log. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    safe[name] = /^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(name) ? '[redacted]' : value;
  }
  return safe;
}

/**
 * A caller's extra headers minus any `Authorization`, in any letter case: the client's key is the
 * only one it sends (a second header would reach the server next to it, and which one wins is the
 * server's choice), and no caller-set credential goes to another origin with an audio download.
 */
export function withoutAuthorization(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') kept[name] = value;
  }
  return kept;
}
