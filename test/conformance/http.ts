/** Plain HTTP calls to a running sandbox, keeping the raw answer for conformance checks. */
import type { Answer } from './openapi-document.js';

export interface Call {
  readonly method?: string;
  /** A key (`PREFIX.SECRET`) sent as `Authorization: Bearer`; none when omitted. */
  readonly key?: string;
  /** A value sent as JSON, or a string sent as is. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Reply extends Answer {
  /** The parsed body when it is JSON. */
  readonly json: unknown;
}

export async function request(baseUrl: string, path: string, call: Call = {}): Promise<Reply> {
  const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
  const response = await fetch(`${baseUrl}${path}`, {
    method: call.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(call.key === undefined ? {} : { authorization: `Bearer ${call.key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    ...(body === undefined ? {} : { body }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  const json: unknown = isJson && bytes.byteLength > 0 ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

/** The `error.type` of a spec error body, if it is one. */
export function errorTypeOf(reply: Reply): string | undefined {
  return (reply.json as { error?: { type?: string } } | undefined)?.error?.type;
}
