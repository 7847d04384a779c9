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
