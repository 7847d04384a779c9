import type { IncomingMessage } from 'node:http';
import { parseJsonBody } from '../validation/json.js';
import { readBody } from './body.js';

/**
 * Path and query of a request target, without building a URL object on the hot path. One trailing
 * slash is dropped: the real service (FastAPI) redirects `/v1/me/` to `/v1/me`, so such a path
 * reaches the operation there too.
 */
export function splitTarget(target: string | undefined): { path: string; query: URLSearchParams | undefined } {
  const text = originForm(target ?? '/');
  const mark = text.indexOf('?');
  return mark < 0
    ? { path: withoutTrailingSlash(text), query: undefined }
    : { path: withoutTrailingSlash(text.slice(0, mark)), query: new URLSearchParams(text.slice(mark + 1)) };
}

/**
 * The path-and-query part of a request target. HTTP/1.1 servers must accept the absolute form
 * (`GET http://host/v1/me`), which proxies send; the real service's server (uvicorn) does.
 */
function originForm(target: string): string {
  if (target.startsWith('/') || !/^https?:\/\//i.test(target)) return target;
  const afterScheme = target.slice(target.indexOf('//') + 2);
  const start = afterScheme.search(/[/?]/);
  if (start < 0) return '/';
  return afterScheme[start] === '?' ? `/${afterScheme.slice(start)}` : afterScheme.slice(start);
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The request's JSON body; undefined when it is empty. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  return text.length === 0 ? undefined : parseJsonBody(text);
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}
