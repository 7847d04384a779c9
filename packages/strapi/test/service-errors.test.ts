import { describe, expect, it } from 'vitest';
import { errors } from '@strapi/utils';
import { ALL_ERROR_TYPES, RateLimitedError } from '@circassian/core';
import { callingService, toStrapiError } from '../server/src/controllers/service-errors';

describe("the service's errors as Strapi's", () => {
  it.each(ALL_ERROR_TYPES)('answers %s with a Strapi error carrying the editor words and the type', (type) => {
    const error = toStrapiError({ type }) as InstanceType<typeof errors.ApplicationError>;
    expect(error).toBeInstanceOf(errors.ApplicationError);
    expect(error.message).toMatch(/^[A-Z].*\.$/);
    expect(error.details).toMatchObject({ type });
    // Never a 401 (the admin would log the editor out) and never an error whose words Strapi hides.
    expect(error).not.toBeInstanceOf(errors.UnauthorizedError);
  });

  it('maps a refused text to a ValidationError, a spent allowance or a busy key to a RateLimitError', () => {
    expect(toStrapiError({ type: 'invalid_request' })).toBeInstanceOf(errors.ValidationError);
    expect(toStrapiError({ type: 'quota_exceeded' })).toBeInstanceOf(errors.RateLimitError);
    expect(toStrapiError({ type: 'not_found' })).toBeInstanceOf(errors.NotFoundError);
    const busy = toStrapiError(
      new RateLimitedError({ message: 'slow down', status: 429, type: 'rate_limited', headers: {}, body: null, retryAfterSeconds: 30 }),
    );
    expect(busy).toBeInstanceOf(errors.RateLimitError);
    expect((busy as InstanceType<typeof errors.RateLimitError>).details).toEqual({ type: 'rate_limited', retryAfterSeconds: 30 });
  });

  it("lets Strapi's own errors through and maps the rest", async () => {
    const refusal = new errors.PolicyError('Your role may not edit Article entries in Adyghe (ady).');
    await expect(callingService(() => Promise.reject(refusal))).rejects.toBe(refusal);
    await expect(callingService(() => Promise.reject({ type: 'upstream_unavailable' }))).rejects.toMatchObject({
      name: 'ApplicationError',
      details: { type: 'upstream_unavailable' },
    });
    await expect(callingService(() => Promise.resolve(3))).resolves.toBe(3);
  });
});
