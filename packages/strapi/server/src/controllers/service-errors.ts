// The one place the service's error types become Strapi's own errors (`@strapi/utils`), for every
// controller that calls the service while an admin waits ("Translate into this locale", "Test
// connection"): Strapi's error middleware then answers its standard shape with the editor's words
// (`classifyError`'s) and the service's type in `details`. No 401 (the admin would take it for an
// expired session) and no 5xx (Strapi hides their message): the key's problems and outages are
// ApplicationErrors (400) that say what happened.
import { errors } from '@strapi/utils';
import { classifyError } from '../utils/errors';

export function toStrapiError(error: unknown): Error {
  const { type, message, retryAfterSeconds } = classifyError(error);
  const details = { type, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
  switch (type) {
    case 'invalid_request':
      return new errors.ValidationError(message, details);
    case 'rate_limited':
    case 'quota_exceeded':
      return new errors.RateLimitError(message, details);
    case 'not_found':
      return new errors.NotFoundError(message, details);
    default:
      return new errors.ApplicationError(message, details);
  }
}

/** Runs a call to the service, answering its failure as Strapi's error. */
export async function callingService<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Strapi's own errors (a refusal raised before the call) pass as they are.
    if (error instanceof errors.ApplicationError) throw error;
    throw toStrapiError(error);
  }
}
