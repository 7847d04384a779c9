import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultError, type Fault } from './admin/fault-board.js';
import { ServiceError, unauthorized, ValidationFailure } from './http/errors.js';
import { bearerToken, readJsonBody } from './http/request.js';
import { dropUnreadBody } from './http/body.js';
import { echoableDetail, sendBytes, sendFailure, sendJson } from './http/respond.js';
import { loggedBody } from './store/logged-content.js';
import type { ApiOperation } from './routes/index.js';
import type { Reply } from './routes/context.js';
import type { SandboxService } from './service.js';
import type { CallRecord, StoredKey } from './store/types.js';

/**
 * Runs one v1 call through the checks in the service's order: key (401), injected fault, minute
 * window (429 rate_limited), daily requests (429 quota_exceeded), body and rules (422), the
 * operation itself; and records the call whatever the outcome.
 */
export async function dispatchApi(
  service: SandboxService,
  operation: ApiOperation,
  params: Readonly<Record<string, string>>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const call: CallRecord = {
    timestamp: new Date(service.clock.now()).toISOString(),
    key: null,
    operation: operation.name,
    model: operation.model,
    volume: {},
    outcome: 'ok',
    address: req.socket.remoteAddress ?? '',
  };
  let key: StoredKey | undefined;
  let body: unknown;
  try {
    key = service.keys.authenticate(bearerToken(req), req.socket);
    if (!key) throw unauthorized('The API key is missing, wrong or revoked.');
    call.key = key.prefix;
    const fault = service.faults.takeForCall(operation.name);
    if (fault) await applyFault(service, fault, key);
    service.ledger.admit(key);
    if (req.method === 'POST') body = await readJsonBody(req);
    const pending = operation.handler({ key, params, body, call, services: service });
    // Most operations answer synchronously; awaiting only promises saves a turn per call.
    const reply = pending instanceof Promise ? await pending : pending;
    // A job this call created or saw change is on disk before the answer tells of it.
    const saved = service.saved();
    if (saved) await saved;
    sendReply(res, reply);
    if (key.content_logging) call.content = { request: loggedRequest(body), response: loggedBody(loggedReply(reply)) };
  } catch (failure) {
    call.outcome = outcomeOf(failure);
    dropUnreadBody(req, res);
    sendFailure(res, failure);
    if (key?.content_logging) call.content = { request: loggedRequest(body), response: loggedBody(failureBody(failure)) };
  } finally {
    // Call records and usage may lag behind the answer (see the journal); they are not waited for.
    service.calls.add(call);
  }
}

/** An injected fault counts as a call: it spends the minute window and the day like any other. */
async function applyFault(service: SandboxService, fault: Fault, key: StoredKey): Promise<void> {
  if (fault.delay_ms !== undefined) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
  const error = faultError(fault);
  if (!error) return;
  service.ledger.count(key);
  throw error;
}

function sendReply(res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'json') sendJson(res, 200, reply.body);
  else {
    const headers = reply.durationSeconds === undefined ? {} : { 'x-audio-duration': reply.durationSeconds.toFixed(3) };
    sendBytes(res, 'audio/wav', reply.wav, headers);
  }
}

function outcomeOf(failure: unknown): string {
  if (failure instanceof ServiceError) return failure.type;
  if (failure instanceof ValidationFailure) return 'validation_error';
  return 'internal_error';
}

/**
 * The request as logged: a reference-audio link is not kept, only the fact of its use; a big body
 * is cut (`loggedBody`).
 */
function loggedRequest(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('ref_audio_url' in body)) return loggedBody(body);
  const { ref_audio_url: _dropped, ...rest } = body as Record<string, unknown>;
  return loggedBody(rest);
}

function loggedReply(reply: Reply): unknown {
  return reply.kind === 'json'
    ? reply.body
    : {
        content_type: 'audio/wav',
        bytes: reply.wav.byteLength,
        ...(reply.durationSeconds === undefined ? {} : { duration_seconds: reply.durationSeconds }),
      };
}

function failureBody(failure: unknown): unknown {
  if (failure instanceof ValidationFailure) return { detail: echoableDetail(failure.detail) };
  if (failure instanceof ServiceError) return { error: { type: failure.type, message: failure.message } };
  return { error: { type: 'internal_error' } };
}
