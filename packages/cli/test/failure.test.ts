import { ClientValidationError, InvalidRequestError, makeAPIError } from '@circassian/core';
import { describe, expect, it } from 'vitest';
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
