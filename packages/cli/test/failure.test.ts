import {
  ALL_ERROR_TYPES,
  ClientValidationError,
  InvalidRequestError,
  InvalidResponseError,
  NotConfiguredError,
  TimeoutError,
  makeAPIError,
} from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES, EXIT_CODE_BY_ERROR_TYPE } from '../src/exit-codes.js';
import { describeFailure } from '../src/failure.js';

describe('describeFailure', () => {
  it('reports a request the client refused before sending like the service refusing it', () => {
    const refused = describeFailure(new ClientValidationError('text', 'Speech text is 20001 characters', { operation: 'speech' }));
    const answered = makeAPIError({ status: 422, headers: {}, body: { error: { type: 'invalid_request', message: 'too long' } } });
    expect(answered).toBeInstanceOf(InvalidRequestError);
    const fromService = describeFailure(answered);
    expect(refused).toEqual({
      exitCode: fromService.exitCode,
      type: 'invalid_request',
      message: 'Speech text is 20001 characters',
      hint: fromService.hint,
    });
  });
});

describe("failures of the client's own types", () => {
  it('gives every error type core names an exit code of the table', () => {
    const codes = new Set(EXIT_CODES.map((row) => row.code));
    for (const type of ALL_ERROR_TYPES) expect(codes.has(EXIT_CODE_BY_ERROR_TYPE[type])).toBe(true);
  });

  it('reports a wrong-shaped answer as one the command does not understand, with its status and the job to resume', () => {
    const failure = describeFailure(new InvalidResponseError('bad', { status: 200, jobId: 'j1' }));
    expect(failure).toMatchObject({ exitCode: 1, type: 'invalid_response', status: 200, jobId: 'j1' });
    expect(failure.hint).toContain('CIRCASSIAN_BASE_URL');
  });

  it('reports a missing key or address as a setup problem', () => {
    expect(describeFailure(new NotConfiguredError('No API key'))).toMatchObject({ exitCode: 3, type: 'not_configured' });
  });

  it('reports an expired deadline as a timeout the user may retry', () => {
    expect(describeFailure(new TimeoutError(1000, { deadline: true }))).toMatchObject({ exitCode: 5, type: 'timeout' });
  });
});
