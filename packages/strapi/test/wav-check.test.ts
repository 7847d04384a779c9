import { describe, expect, it } from 'vitest';
import { encodeWav } from '@circassian/core/wav';
import { wavProblem } from '../server/src/utils/wav-check';

const wav = () => encodeWav(new Int16Array(1600), 16_000);

describe("the check of the service's audio before it is stored", () => {
  it('accepts a PCM WAV file', () => {
    expect(wavProblem(wav())).toBeNull();
  });

  it('refuses bytes that are no WAV file (an HTML page)', () => {
    expect(wavProblem(new TextEncoder().encode('<html><script>alert(1)</script></html>'.padEnd(200)))).toMatch(/not a WAV file/);
  });

  it('refuses a WAV file cut short', () => {
    const bytes = wav();
    expect(wavProblem(bytes.subarray(0, bytes.length - 100))).toMatch(/sizes do not match/);
  });

  it('refuses a format it would not store (a 12-bit sample size)', () => {
    const bytes = wav();
    new DataView(bytes.buffer).setUint16(34, 12, true);
    expect(wavProblem(bytes)).toMatch(/PCM expected/);
  });

  it('refuses a WAV file without samples', () => {
    expect(wavProblem(encodeWav(new Int16Array(0), 16_000))).toMatch(/sizes do not match/);
  });
});
