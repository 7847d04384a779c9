import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { serviceFacts } from '@circassian/core';
// The package's copy of shared/openapi/openapi.json (`pnpm sync-shared`), so it reads nothing outside itself.
import openapi from './generated/openapi.json' with { type: 'json' };
import { ADMIN_ROUTES, type AdminHandler } from './admin/routes.js';
import { dispatchApi } from './api-dispatch.js';
import { sameText } from './auth/secrets.js';
import { notFound, ServiceError, unauthorized, ValidationFailure } from './http/errors.js';
import { bearerToken, readJsonBody, splitTarget } from './http/request.js';
import { dropUnreadBody } from './http/body.js';
import { sendFailure, sendJson, sendNoContent } from './http/respond.js';
import { Router, type RouteMatch } from './http/router.js';
import { API_ROUTES } from './routes/index.js';
import type { SandboxService } from './service.js';

const OPENAPI_TEXT = JSON.stringify(openapi);

type PublicHandler = (res: ServerResponse) => void;

const PUBLIC_ROUTES = new Router<PublicHandler>([
  { method: 'GET', path: '/health', handler: (res) => sendJson(res, 200, { status: 'ok', version: serviceFacts.apiVersion }) },
  { method: 'GET', path: '/openapi.json', handler: sendOpenApi },
]);

/** The HTTP face of the sandbox: `/v1` (keys), `/admin` (admin token), health and schema (open). */
export function createRequestListener(service: SandboxService, adminToken: string): RequestListener {
  const api = new Router(API_ROUTES);
  const admin = new Router<AdminHandler>(ADMIN_ROUTES);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { path, query } = splitTarget(req.url);
    const method = req.method ?? 'GET';
    if (path.startsWith('/v1/')) {
      const match = api.match(method, path);
      if (match.kind === 'found') return dispatchApi(service, match.handler, match.params, req, res);
      return refuseRoute(match, path);
    }
    if (path.startsWith('/admin/')) {
      const match = admin.match(method, path);
      if (match.kind !== 'found') return refuseRoute(match, path);
      const token = bearerToken(req);
      if (token === undefined || !sameText(token, adminToken)) throw unauthorized('The admin token is missing or wrong.');
      const body = method === 'GET' || method === 'DELETE' ? undefined : await readJsonBody(req);
      const reply = match.handler({ service, params: match.params, query, body, req });
      // An owner write is answered only once it is on disk (written and synced).
      const saved = service.saved();
      if (saved) await saved;
      if (reply.body === undefined) sendNoContent(res);
      else sendJson(res, reply.status, reply.body);
      return;
    }
    const match = PUBLIC_ROUTES.match(method, path);
    if (match.kind !== 'found') return refuseRoute(match, path);
    match.handler(res);
  };

  return (req, res) => {
    handle(req, res).catch((failure: unknown) => {
      if (!(failure instanceof ServiceError) && !(failure instanceof ValidationFailure)) {
        service.logger.warn(
          `${req.method ?? ''} ${req.url ?? ''} failed: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`,
        );
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      dropUnreadBody(req, res);
      sendFailure(res, failure);
    });
  };
}

function refuseRoute(match: Exclude<RouteMatch<unknown>, { kind: 'found' }>, path: string): never {
  if (match.kind === 'method_not_allowed') {
    throw new ServiceError('invalid_request', `Method not allowed on ${path}; allowed: ${match.allowed.join(', ')}.`, {
      status: 405,
      headers: { allow: match.allowed.join(', ') },
    });
  }
  throw notFound(`No such path: ${path}.`);
}

function sendOpenApi(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(OPENAPI_TEXT) });
  res.end(OPENAPI_TEXT);
}
