import { json, type ApiContext, type Reply } from './context.js';

/** `GET /v1/me`: the key's details, plus today's usage and when it resets (additional properties). */
export function me({ key, services }: ApiContext): Reply {
  const usage = services.ledger.today(key.prefix);
  return json({
    name: key.name,
    prefix: key.prefix,
    limits: key.limits,
    content_logging: key.content_logging,
    usage: { requests: usage.requests, translate_chars: usage.translate_chars, speech_seconds: usage.speech_seconds },
    resets_at: services.ledger.resetsAt(),
  });
}
