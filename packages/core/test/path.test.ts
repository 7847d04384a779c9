import { describe, expect, it } from 'vitest';
import { buildPath } from '../src/internal/path.js';
import { operationCall } from '../src/internal/operations.js';
import { serviceFacts } from '../src/service-facts.js';

describe('path parameters', () => {
  it('percent-encodes a job id so it cannot reach another path', () => {
    expect(buildPath('/v1/jobs/{job_id}', { job_id: '../me?x=1#y' })).toBe('/v1/jobs/..%2Fme%3Fx%3D1%23y');
    expect(buildPath('/v1/jobs/{job_id}', { job_id: '..' })).toBe('/v1/jobs/%2E%2E');
  });

  it('refuses a missing or empty parameter', () => {
    expect(() => buildPath('/v1/audio/{artifact_id}', {})).toThrow(/artifact_id/);
    expect(() => buildPath('/v1/audio/{artifact_id}', { artifact_id: '' })).toThrow(/artifact_id/);
  });

  it('takes method and path of every operation from the service facts', () => {
    expect(operationCall('jobs', { params: { job_id: 'a b' } })).toMatchObject({
      method: serviceFacts.operations.jobs.method,
      path: serviceFacts.operations.jobs.path.replace('{job_id}', 'a%20b'),
      operation: 'jobs',
    });
  });
});
