import { describe, expect, it } from 'vitest';
import { foreignOrigin } from '../server/src/utils/audio-origin';

describe('audio links', () => {
  const base = 'https://api.example.org/prefix/';

  it.each(['/v1/audio/a1', 'v1/audio/a1', 'https://api.example.org/v1/audio/a1', 'HTTPS://API.EXAMPLE.ORG:443/v1/audio/a1'])(
    "accepts %s (the service's own)",
    (link) => {
      expect(foreignOrigin(link, base)).toBeNull();
    },
  );

  it.each([
    ['https://evil.example/v1/audio/a1', 'https://evil.example'],
    ['//evil.example/a', 'https://evil.example'],
    ['http://api.example.org/v1/audio/a1', 'http://api.example.org'],
    ['https://api.example.org:8443/a', 'https://api.example.org:8443'],
  ])('refuses %s', (link, origin) => {
    expect(foreignOrigin(link, base)).toBe(origin);
  });
});
