import { describe, expect, it } from 'vitest';
import { effectivePollIntervalMs } from '../src/resources/speech.js';
import { serviceFacts } from '../src/service-facts.js';

describe('job polling interval', () => {
  const floor = serviceFacts.limits.jobPollIntervalSeconds * 1000;

  it('never polls faster than the service allows, whatever is asked', () => {
    expect(effectivePollIntervalMs(10)).toBe(floor);
    expect(effectivePollIntervalMs(0)).toBe(floor);
    expect(effectivePollIntervalMs(undefined)).toBe(floor);
  });

  it('polls more slowly when asked to', () => {
    expect(effectivePollIntervalMs(floor + 500)).toBe(floor + 500);
  });
});
