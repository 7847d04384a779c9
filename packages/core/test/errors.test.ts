import { describe, expect, it } from 'vitest';
import {
  APIError,
  CircassianError,
  InvalidRequestError,
  JobFailedError,
  NotFoundError,
  QuotaExceededError,
  RateLimitedError,
  TimeoutError,
  UpstreamFailureError,
  isCircassianError,
  makeAPIError,
} from '../src/errors.js';
import { ERROR_TYPES, serviceFacts } from '../src/service-facts.js';

const headers = {};

describe('error factory', () => {
  it('builds a class of its own for every error type of the spec, carrying status, type and message', () => {
    const names = new Set<string>();
    for (const type of ERROR_TYPES) {
      const status = serviceFacts.errors[type].status[0] ?? 500;
      const error = makeAPIError({ status, headers, body: { error: { type, message: 'm' } }, operation: 'translate' });
      expect(error).toBeInstanceOf(APIError);
      expect(error.constructor).not.toBe(APIError);
      expect(error).toMatchObject({ status, type, operation: 'translate' });
      expect(error.message).toContain('m');
      names.add(error.name);
    }
    expect(names.size).toBe(ERROR_TYPES.length);
  });

  it('maps the validation body with detail to InvalidRequestError and keeps detail', () => {
    const detail = [{ loc: ['body', 'text'], msg: 'String should have at least 1 character', type: 'string_too_short' }];
    const error = makeAPIError({ status: 422, headers, body: { detail } });
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.type).toBe('invalid_request');
    expect(error.detail).toEqual(detail);
    expect(error.message).toContain('body.text: String should have at least 1 character');
  });

  it('keeps detail carried inside the error body as well', () => {
    const detail = [{ loc: ['texts'], msg: 'too many', type: 'value_error' }];
    const error = makeAPIError({ status: 422, headers, body: { error: { type: 'invalid_request', message: 'bad', detail } } });
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.detail).toEqual(detail);
  });

  it('tells quota_exceeded from rate_limited on the same 429', () => {
    expect(makeAPIError({ status: 429, headers, body: { error: { type: 'quota_exceeded', message: '' } } })).toBeInstanceOf(
      QuotaExceededError,
    );
    expect(makeAPIError({ status: 429, headers, body: { error: { type: 'rate_limited', message: '' } } })).toBeInstanceOf(RateLimitedError);
  });

  it('gives a plain APIError of type unknown for a type the interface does not name, keeping the one sent', () => {
    const error = makeAPIError({ status: 418, headers, body: { error: { type: 'teapot', message: 'short and stout' } } });
    expect(error.constructor).toBe(APIError);
    expect(error.type).toBe('unknown');
    expect(error.serviceType).toBe('teapot');
    expect(error.message).toBe('418 teapot: short and stout');
  });

  it('explains a non-JSON body and still uses the status', () => {
    const proxy = makeAPIError({ status: 502, headers, body: '<html>Bad Gateway</html>' });
    expect(proxy).toBeInstanceOf(UpstreamFailureError);
    expect(proxy.message).toContain('non-JSON body: <html>Bad Gateway</html>');
    const ambiguous = makeAPIError({ status: 503, headers, body: '' });
    expect(ambiguous.constructor).toBe(APIError);
    expect(ambiguous.message).toBe('503 unknown: no error body');
  });

  it('carries retryAfterSeconds, jobId and the request id', () => {
    const error = makeAPIError({
      status: 404,
      headers: { 'x-request-id': 'req_1' },
      body: { error: { type: 'not_found', message: 'expired' } },
      retryAfterSeconds: 3,
      jobId: 'job_1',
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ retryAfterSeconds: 3, jobId: 'job_1', requestId: 'req_1' });
  });

  it('recognises its errors across bundles by a shared brand, not by instanceof', () => {
    expect(isCircassianError(new TimeoutError(5))).toBe(true);
    expect(isCircassianError(new JobFailedError('j', { status: 'failed', error: 'boom' }))).toBe(true);
    expect(isCircassianError(new Error('x'))).toBe(false);
    expect(isCircassianError({ name: 'CircassianError' })).toBe(false);
    expect(new CircassianError('x').name).toBe('CircassianError');
    expect(new JobFailedError('j', { status: 'failed', error: 'boom' }).message).toBe('Speech job j failed: boom');
  });
});
