import { describe, expect, it } from 'vitest';
import { ALL_ERROR_TYPES, ConnectionError, JobFailedError } from '@circassian/core';
import { PluginJobError, classifyError } from '../server/src/utils/errors';

describe('error words for editors', () => {
  it.each(ALL_ERROR_TYPES)('has words and a handling for %s', (type) => {
    const classified = classifyError({ type });
    expect(classified.type).toBe(type);
    expect(['pause', 'retry', 'fail']).toContain(classified.handling);
    expect(classified.message).toMatch(/^[A-Z].*\.$/);
    expect(classified.message).not.toMatch(/_|Error|HTTP|\d{3}/);
  });

  it("classifies the client's own errors by their type", () => {
    expect(classifyError(new ConnectionError('refused', { cause: new Error('ECONNREFUSED') })).handling).toBe('retry');
    expect(classifyError(new JobFailedError('failed', { jobId: 'j' } as never)).handling).toBe('fail');
  });

  it("tells the plugin's own findings in their own words", () => {
    const classified = classifyError(new PluginJobError('invalid_response', 'The link was elsewhere.', 'refused http://x'));
    expect(classified).toEqual({ type: 'invalid_response', handling: 'fail', message: 'The link was elsewhere.' });
  });
});
