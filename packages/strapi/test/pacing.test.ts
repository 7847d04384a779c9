import { describe, expect, it } from 'vitest';
import { shareOf } from '../server/src/services/client';

describe('pacing shared by instances', () => {
  it('gives each instance floor(limit / instances), less one request for the me() that reads the limit', () => {
    expect(shareOf(60, 1)).toBe(59);
    expect(shareOf(60, 2)).toBe(29);
    expect(shareOf(60, 7)).toBe(7);
    // Together, with one me() each, the instances stay within the key's limit.
    for (const instances of [1, 2, 3, 4, 5]) expect((shareOf(60, instances) + 1) * instances).toBeLessThanOrEqual(60);
  });

  it('never paces below one request a minute', () => {
    expect(shareOf(3, 4)).toBe(1);
    expect(shareOf(60, 0)).toBe(59);
  });
});
