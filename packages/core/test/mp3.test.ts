// encodeMp3 (@circassian/core/mp3) in Node: every MPEG frame header of its output read back, and the
// duration they add up to held against the WAV's.
import { describe, expect, it } from 'vitest';
import { encodeMp3 } from '../src/mp3.js';
import { createPcm16Wav, readWavInfo } from '../src/wav.js';

/** MPEG-1 Layer III bitrates (kbit/s) by header index, and sample rates (Hz). */
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES = [44_100, 48_000, 32_000];

interface Frame {
  readonly offset: number;
  readonly bitrate: number;
  readonly sampleRate: number;
  readonly mono: boolean;
  readonly length: number;
  /** A Xing/Info frame: a header frame that carries the stream's length, no audio. */
  readonly info: boolean;
}

/** Every frame of an MPEG-1 Layer III stream (after an ID3v2 tag, if any), one after the other; throws at anything else. */
function frames(mp3: Uint8Array): Frame[] {
  let offset = 0;
  if (mp3[0] === 0x49 && mp3[1] === 0x44 && mp3[2] === 0x33) {
    offset = 10 + (((mp3[6]! & 0x7f) << 21) | ((mp3[7]! & 0x7f) << 14) | ((mp3[8]! & 0x7f) << 7) | (mp3[9]! & 0x7f));
  }
  const found: Frame[] = [];
  while (offset < mp3.length) {
    const [b0, b1, b2, b3] = [mp3[offset]!, mp3[offset + 1]!, mp3[offset + 2]!, mp3[offset + 3]!];
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`);
    if (((b1 >> 3) & 3) !== 3) throw new Error(`frame at ${offset} is not MPEG-1`);
    if (((b1 >> 1) & 3) !== 1) throw new Error(`frame at ${offset} is not Layer III`);
    const bitrate = BITRATES[(b2 >> 4) & 0xf];
    const sampleRate = RATES[(b2 >> 2) & 3];
    if (!bitrate || !sampleRate) throw new Error(`frame at ${offset} has a free or bad bitrate or rate`);
    const padding = (b2 >> 1) & 1;
    const length = Math.floor((144 * bitrate * 1000) / sampleRate) + padding;
    const side = ((b3 >> 6) & 3) === 3 ? 17 : 32;
    // The tag follows the side information, after the CRC when there is one (Mediabunny's Xing frame flags a CRC it does not write).
    const tagAt = (skip: number) => String.fromCharCode(...mp3.subarray(offset + 4 + skip + side, offset + 8 + skip + side));
    const info = [0, 2].some((skip) => tagAt(skip) === 'Xing' || tagAt(skip) === 'Info');
    found.push({ offset, bitrate, sampleRate, mono: ((b3 >> 6) & 3) === 3, length, info });
    offset += length;
  }
  if (offset !== mp3.length) throw new Error(`the last frame runs ${offset - mp3.length} bytes past the end`);
  return found;
}

/** A speech-like WAV: a tone that comes and goes, at the service's rates. */
function speechWav(seconds: number, sampleRate: number, channels = 1): Uint8Array {
  if (channels === 1) {
    const wav = createPcm16Wav(Math.round(seconds * sampleRate), sampleRate);
    wav.samples.forEach(
      (_, i) => (wav.samples[i] = Math.round(9000 * Math.sin((2 * Math.PI * 210 * i) / sampleRate) * Math.abs(Math.sin(i / 2500)))),
    );
    return wav.finish();
  }
  // A stereo WAV by hand: encodeWav writes mono only.
  const frames = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + frames * 4);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => (bytes[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + frames * 4, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, frames * 4, true);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(9000 * Math.sin((2 * Math.PI * 330 * i) / sampleRate));
    view.setInt16(44 + i * 4, sample, true);
    view.setInt16(46 + i * 4, -sample, true);
  }
  return bytes;
}

/** Seconds of audio the frames carry (the Info frame carries none). */
const secondsOf = (found: readonly Frame[]) =>
  found.filter((frame) => !frame.info).reduce((sum, frame) => sum + 1152 / frame.sampleRate, 0);

describe('encodeMp3', () => {
  it('makes mono 64 kbit/s MPEG-1 Layer III at 44.1 kHz of the service 16 kHz WAV, as long as the WAV', async () => {
    const wav = speechWav(12.5, 16_000);
    const mp3 = await encodeMp3(wav);
    const found = frames(mp3);
    const audio = found.filter((frame) => !frame.info);
    expect(audio.length).toBeGreaterThan(400);
    expect(new Set(audio.map((frame) => `${frame.bitrate} kbit/s ${frame.sampleRate} Hz ${frame.mono ? 'mono' : 'stereo'}`))).toEqual(
      new Set(['64 kbit/s 44100 Hz mono']),
    );
    // The encoder adds its delay and pads to whole frames: at most a few frames (26 ms each) more, never less.
    const wavSeconds = readWavInfo(wav).durationSeconds;
    expect(secondsOf(found)).toBeGreaterThanOrEqual(wavSeconds);
    expect(secondsOf(found) - wavSeconds).toBeLessThan(0.15);
    // 64 kbit/s against the WAV's 256 kbit/s (16-bit samples at 16 kHz): a quarter of its size.
    expect(mp3.byteLength).toBeLessThan(wav.byteLength / 3.5);
  });

  it('takes the bitrate and rate asked for, and a stereo 24 kHz WAV comes out mono', async () => {
    const found = frames(await encodeMp3(speechWav(3, 24_000, 2), { bitrate: 96, sampleRate: 48_000 }));
    const audio = found.filter((frame) => !frame.info);
    expect(new Set(audio.map((frame) => `${frame.bitrate} ${frame.sampleRate} ${frame.mono}`))).toEqual(new Set(['96 48000 true']));
    expect(secondsOf(found)).toBeGreaterThanOrEqual(3);
    expect(secondsOf(found)).toBeLessThan(3.15);
  });

  it('refuses a bitrate or rate MP3 has not, a file that is not WAV and a WAV with no samples, saying which', async () => {
    const wav = speechWav(0.5, 16_000);
    await expect(encodeMp3(wav, { bitrate: 65 })).rejects.toThrow(/bitrate must be one of 32, 40.*320 kbit\/s, not 65/);
    await expect(encodeMp3(wav, { sampleRate: 16_000 })).rejects.toThrow(/sample rate must be one of 32000, 44100, 48000 Hz/);
    await expect(encodeMp3(new TextEncoder().encode('<html>not audio</html>'))).rejects.toThrow(/Not a WAV file/);
    await expect(encodeMp3(createPcm16Wav(0, 16_000).finish())).rejects.toThrow(/no samples/);
  });
});
