/**
 * Characters of JSON kept of one logged request or response body: 64 KiB, more than any valid
 * request or answer of the interface takes (a batch carries at most 20000 characters of text), so
 * only oversized ones are cut.
 */
export const LOGGED_BODY_MAX_CHARS = 65_536;

/** What a logged body becomes when its JSON is longer than `LOGGED_BODY_MAX_CHARS`. */
export interface TruncatedBody {
  readonly truncated: true;
  /** Characters of JSON the whole body had. */
  readonly json_length: number;
  /** The first `LOGGED_BODY_MAX_CHARS` characters of that JSON. */
  readonly head: string;
}

/**
 * A request or response body as the call log keeps it: whole when small, else the start of its
 * JSON with a marker. A body nested deeper than JSON can be written back is not kept.
 */
export function loggedBody(body: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(body);
  } catch {
    return '(not logged: nested too deeply to store)';
  }
  if (json === undefined) return null;
  if (json.length <= LOGGED_BODY_MAX_CHARS) return body;
  const truncated: TruncatedBody = { truncated: true, json_length: json.length, head: json.slice(0, LOGGED_BODY_MAX_CHARS) };
  return truncated;
}
