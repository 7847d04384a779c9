import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatWavs, createPcm16Wav, encodeWav, readWavInfo, wavDurationSeconds } from '../src/wav.js';

const samplesArb = fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 2000 }).map((values) => Int16Array.from(values));
const sampleRateArb = fc.constantFrom(8000, 16_000, 22_050, 24_000, 44_100, 48_000);

function samplesOf(wav: Uint8Array): Int16Array {
  const info = readWavInfo(wav);
  const view = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, info.dataLength);
  return Int16Array.from({ length: info.dataLength / 2 }, (_, i) => view.getInt16(i * 2, true));
}

/** A RIFF chunk: id, little-endian size, body, pad byte when the body is odd. */
function chunk(id: string, body: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(8 + body.length + (body.length % 2));
  bytes.set(
    [...id].map((c) => c.charCodeAt(0)),
    0,
  );
  new DataView(bytes.buffer).setUint32(4, body.length, true);
  bytes.set(body, 8);
  return bytes;
}

/** A WAV file laid out by hand from chunks, as other encoders write them. */
function riff(...chunks: Uint8Array[]): Uint8Array {
  const bodyLength = 4 + chunks.reduce((sum, c) => sum + c.length, 0);
  const bytes = new Uint8Array(8 + bodyLength);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  new DataView(bytes.buffer).setUint32(4, bodyLength, true);
  bytes.set(
    [...'WAVE'].map((c) => c.charCodeAt(0)),
    8,
  );
  let offset = 12;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return bytes;
}

function fmtBody(channels: number, sampleRate: number, bitsPerSample: number): Uint8Array {
  const body = new Uint8Array(16);
  const view = new DataView(body.buffer);
  const blockAlign = (channels * bitsPerSample) / 8;
  view.setUint16(0, 1, true);
  view.setUint16(2, channels, true);
  view.setUint32(4, sampleRate, true);
  view.setUint32(8, sampleRate * blockAlign, true);
  view.setUint16(12, blockAlign, true);
  view.setUint16(14, bitsPerSample, true);
  return body;
}

describe('encodeWav', () => {
  it('writes the canonical 44-byte header of mono 16-bit PCM', () => {
    const wav = encodeWav(Int16Array.from([1, -1, 32767]), 16_000);
    const text = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4));
    const view = new DataView(wav.buffer);
    expect(wav.length).toBe(44 + 6);
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([1, -1, 32767]);
  });

  it('rejects a sample rate that is not a positive integer', () => {
    expect(() => encodeWav(new Int16Array(1), 0)).toThrow(RangeError);
    expect(() => encodeWav(new Int16Array(1), 44_100.5)).toThrow(RangeError);
  });

  it('round-trips any samples and sample rate through readWavInfo', () => {
    fc.assert(
      fc.property(samplesArb, sampleRateArb, (samples, sampleRate) => {
        const wav = encodeWav(samples, sampleRate);
        const info = readWavInfo(wav);
        expect(info).toMatchObject({ sampleRate, channels: 1, bitsPerSample: 16, blockAlign: 2, audioFormat: 1, dataOffset: 44 });
        expect(info.dataLength).toBe(samples.length * 2);
        expect(info.durationSeconds).toBeCloseTo(samples.length / sampleRate, 9);
        expect(samplesOf(wav)).toEqual(samples);
      }),
    );
  });
});

describe('createPcm16Wav', () => {
  it('starts silent and finishes as the same file encodeWav writes for the samples put in', () => {
    fc.assert(
      fc.property(samplesArb, sampleRateArb, (samples, sampleRate) => {
        const writer = createPcm16Wav(samples.length, sampleRate);
        expect(writer.samples.every((sample) => sample === 0)).toBe(true);
        writer.samples.set(samples);
        expect(writer.finish()).toEqual(encodeWav(samples, sampleRate));
      }),
    );
  });
});

describe('readWavInfo', () => {
  it('skips chunks it does not know, before and after the format chunk', () => {
    const data = new Uint8Array([1, 0, 2, 0, 3, 0, 4, 0]);
    const wav = riff(
      chunk('LIST', new Uint8Array([73, 78, 70, 79, 9])),
      chunk('fmt ', fmtBody(2, 8000, 16)),
      chunk('fact', new Uint8Array(4)),
      chunk('data', data),
    );
    const info = readWavInfo(wav);
    expect(info).toMatchObject({ channels: 2, sampleRate: 8000, bitsPerSample: 16, blockAlign: 4, dataLength: 8 });
    expect(wav.subarray(info.dataOffset, info.dataOffset + info.dataLength)).toEqual(data);
    expect(info.durationSeconds).toBe(2 / 8000);
  });

  it('reads a WAV file that sits inside a larger buffer', () => {
    const wav = encodeWav(Int16Array.from([5, 6, 7]), 8000);
    const larger = new Uint8Array(wav.length + 10);
    larger.set(wav, 10);
    expect(readWavInfo(larger.subarray(10)).dataLength).toBe(6);
  });

  it('counts only the whole frames present when the data chunk is truncated or streamed', () => {
    const wav = encodeWav(Int16Array.from([1, 2, 3, 4]), 8000);
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    expect(readWavInfo(wav).dataLength).toBe(8);
    expect(readWavInfo(wav.subarray(0, wav.length - 3)).dataLength).toBe(4);
  });

  it('says what is wrong with bytes that are not a WAV file', () => {
    expect(() => readWavInfo(new Uint8Array())).toThrow(/Not a WAV file/);
    expect(() => readWavInfo(new TextEncoder().encode('{"error":{"type":"internal_error"}}'))).toThrow(/Not a WAV file/);
    expect(() => readWavInfo(riff(chunk('data', new Uint8Array(4))))).toThrow(/no "fmt " chunk/);
    expect(() => readWavInfo(riff(chunk('fmt ', fmtBody(1, 8000, 16))))).toThrow(/no "data" chunk/);
    expect(() => readWavInfo(riff(chunk('fmt ', new Uint8Array(8)), chunk('data', new Uint8Array(2))))).toThrow(/too short/);
    const mp3InWav = fmtBody(1, 8000, 16);
    new DataView(mp3InWav.buffer).setUint16(0, 0x55, true);
    expect(() => readWavInfo(riff(chunk('fmt ', mp3InWav), chunk('data', new Uint8Array(2))))).toThrow(/only PCM/);
  });

  it('never throws anything but an Error, and never loops, on arbitrary bytes after a RIFF header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (tail) => {
        const bytes = new Uint8Array(12 + tail.length);
        bytes.set(
          [...'RIFF\0\0\0\0WAVE'].map((c) => c.charCodeAt(0)),
          0,
        );
        bytes.set(tail, 12);
        // The bounds are checked outside the try: a failed expect inside it would be caught and
        // pass as "an Error was thrown".
        let info: ReturnType<typeof readWavInfo>;
        try {
          info = readWavInfo(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          return;
        }
        expect(info.dataOffset + info.dataLength).toBeLessThanOrEqual(bytes.length);
      }),
    );
  });
});

describe('wavDurationSeconds', () => {
  it('is the sample count over the sample rate', () => {
    expect(wavDurationSeconds(encodeWav(new Int16Array(24_000), 16_000))).toBe(1.5);
    expect(wavDurationSeconds(encodeWav(new Int16Array(0), 16_000))).toBe(0);
  });
});

describe('concatWavs', () => {
  it('joins the samples of the parts in order, and the durations add up', () => {
    fc.assert(
      fc.property(fc.array(samplesArb, { minLength: 1, maxLength: 5 }), sampleRateArb, (parts, sampleRate) => {
        const joined = concatWavs(parts.map((samples) => encodeWav(samples, sampleRate)));
        const expected = Int16Array.from(parts.flatMap((samples) => [...samples]));
        expect(samplesOf(joined)).toEqual(expected);
        expect(wavDurationSeconds(joined)).toBeCloseTo(expected.length / sampleRate, 9);
        expect(joined).toEqual(encodeWav(expected, sampleRate));
      }),
    );
  });

  it('keeps the format of the parts and drops their other chunks', () => {
    const stereo = (data: number[]) =>
      riff(chunk('LIST', new Uint8Array(6)), chunk('fmt ', fmtBody(2, 8000, 16)), chunk('data', new Uint8Array(data)));
    const joined = concatWavs([stereo([1, 0, 2, 0]), stereo([3, 0, 4, 0, 5, 0, 6, 0])]);
    const info = readWavInfo(joined);
    expect(info).toMatchObject({ channels: 2, sampleRate: 8000, dataOffset: 44, dataLength: 12 });
    expect([...joined.subarray(44)]).toEqual([1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0]);
  });

  it('pads an odd data chunk so the RIFF structure stays valid', () => {
    const eightBit = (data: number[]) => riff(chunk('fmt ', fmtBody(1, 8000, 8)), chunk('data', new Uint8Array(data)));
    const joined = concatWavs([eightBit([1, 2]), eightBit([3])]);
    expect(joined.length).toBe(44 + 4);
    expect(new DataView(joined.buffer).getUint32(4, true)).toBe(joined.length - 8);
    expect(readWavInfo(joined).dataLength).toBe(3);
  });

  it('refuses parts of different formats and an empty list', () => {
    expect(() => concatWavs([encodeWav(new Int16Array(2), 16_000), encodeWav(new Int16Array(2), 8000)])).toThrow(/different formats/);
    expect(() => concatWavs([])).toThrow(/at least one/);
  });
});
