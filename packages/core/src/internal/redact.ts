/**
 * Removes the API key from what an error response carries. A gateway or debugging proxy may echo
 * the request, `Authorization` included, into its error page or headers; the client's errors are
 * printed, logged and serialised, so the key (and its secret part alone) is cut out first.
 */
const REDACTED = '[redacted]';
/** A secret shorter than this could match ordinary text; it is replaced only as part of the whole key. */
const MIN_SECRET_LENGTH = 8;

export type Redactor = (text: string) => string;

export function keyRedactor(apiKey: string): Redactor {
  const secret = apiKey.slice(apiKey.indexOf('.') + 1);
  const needles = [apiKey, ...(secret !== apiKey && secret.length >= MIN_SECRET_LENGTH ? [secret] : [])];
  return (text) =>
    needles.some((needle) => text.includes(needle)) ? needles.reduce((t, needle) => t.replaceAll(needle, REDACTED), text) : text;
}

export function redactRecord(record: Readonly<Record<string, string>>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, redact(value)]));
}
