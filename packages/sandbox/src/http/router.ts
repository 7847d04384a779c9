/** A route: method, a path pattern with `{name}` segments, and what handles it. */
export interface Route<Handler> {
  readonly method: string;
  readonly path: string;
  readonly handler: Handler;
}

export type RouteMatch<Handler> =
  | { readonly kind: 'found'; readonly handler: Handler; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method_not_allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not_found' };

interface CompiledRoute<Handler> extends Route<Handler> {
  readonly segments: readonly string[];
}

/** Matches request paths to routes; static paths by a map lookup, parameterised ones segment by segment. */
export class Router<Handler> {
  readonly #static = new Map<string, CompiledRoute<Handler>[]>();
  readonly #dynamic: CompiledRoute<Handler>[] = [];

  constructor(routes: readonly Route<Handler>[]) {
    for (const route of routes) {
      const compiled = { ...route, segments: route.path.split('/') };
      if (route.path.includes('{')) this.#dynamic.push(compiled);
      else this.#static.set(route.path, [...(this.#static.get(route.path) ?? []), compiled]);
    }
  }

  match(method: string, path: string): RouteMatch<Handler> {
    const candidates = this.#static.get(path);
    if (candidates) return pick(candidates, method, {});
    const segments = path.split('/');
    const matches: CompiledRoute<Handler>[] = [];
    let params: Record<string, string> = {};
    for (const route of this.#dynamic) {
      const found = matchSegments(route.segments, segments);
      if (found) {
        matches.push(route);
        params = found;
      }
    }
    return matches.length > 0 ? pick(matches, method, params) : { kind: 'not_found' };
  }
}

function pick<Handler>(
  routes: readonly CompiledRoute<Handler>[],
  method: string,
  params: Readonly<Record<string, string>>,
): RouteMatch<Handler> {
  const route = routes.find((r) => r.method === method);
  return route ? { kind: 'found', handler: route.handler, params } : { kind: 'method_not_allowed', allowed: routes.map((r) => r.method) };
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] ?? '';
    const got = actual[i] ?? '';
    if (want.startsWith('{')) {
      if (got === '') return undefined;
      params[want.slice(1, -1)] = decodeSegment(got);
    } else if (want !== got) return undefined;
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
