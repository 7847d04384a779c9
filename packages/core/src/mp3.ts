/**
 * `@circassian/core/mp3`: a WAV as MP3 with no system program (no `lame`, no `ffmpeg`), in Node
 * (a Strapi server, the CLI) and in browsers (the WordPress admin), through Mediabunny and its LAME
 * WebAssembly encoder (`mediabunny`, `@mediabunny/mp3-encoder`, maintained together). The encoding
 * runs in a worker (worker_threads in Node, a Web Worker in browsers), so a server keeps answering
 * while an episode encodes. An entry of its own: the client's entry never loads the encoder.
 *
 * Spoken-word settings by default: mono (a voice has nothing to put in a second channel), 64 kbit/s
 * constant bitrate, 44.1 kHz. Apple Podcasts takes mono MP3 at 44.1 kHz from 32 kbit/s (and suggests
 * 96-128 for music); 64 kbit/s mono is what podcast hosts recommend for speech, a tenth of the WAV's
 * size, and what the WordPress and Strapi plugins' `lame`/`ffmpeg` paths write. The service's audio
 * (16 or 24 kHz) is resampled to 44.1 kHz, the rate directories expect.
 */
import { readWavInfo } from './wav.js';

export interface Mp3Options {
  /** Constant bitrate in kbit/s: one of MPEG-1 Layer III's (32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320). Default 64. */
  readonly bitrate?: number;
  /** Output sample rate in Hz: 32000, 44100 or 48000. Default 44100. */
  readonly sampleRate?: number;
}

export const MP3_BITRATES = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
export const MP3_SAMPLE_RATES = [32_000, 44_100, 48_000] as const;
export const MP3_DEFAULTS = { bitrate: 64, sampleRate: 44_100 } as const;

let encoderReady: Promise<void> | undefined;

/** Registers the WebAssembly encoder once, where the platform has no MP3 encoder of its own. */
function ensureEncoder(): Promise<void> {
  encoderReady ??= (async () => {
    const [{ canEncodeAudio }, { registerMp3Encoder }] = await Promise.all([import('mediabunny'), import('@mediabunny/mp3-encoder')]);
    if (!(await canEncodeAudio('mp3'))) registerMp3Encoder();
  })();
  return encoderReady;
}

/** The WAV (PCM, any rate and channel count) as a mono constant-bitrate MP3 file. */
export async function encodeMp3(wav: Uint8Array, options: Mp3Options = {}): Promise<Uint8Array> {
  const bitrate = options.bitrate ?? MP3_DEFAULTS.bitrate;
  const sampleRate = options.sampleRate ?? MP3_DEFAULTS.sampleRate;
  if (!(MP3_BITRATES as readonly number[]).includes(bitrate))
    throw new RangeError(`MP3 bitrate must be one of ${MP3_BITRATES.join(', ')} kbit/s, not ${bitrate}`);
  if (!(MP3_SAMPLE_RATES as readonly number[]).includes(sampleRate)) {
    throw new RangeError(`MP3 sample rate must be one of ${MP3_SAMPLE_RATES.join(', ')} Hz, not ${sampleRate}`);
  }
  if (readWavInfo(wav).dataLength === 0) throw new RangeError('The WAV holds no samples: there is nothing to encode');
  await ensureEncoder();
  const { BufferSource, BufferTarget, Conversion, Input, Mp3OutputFormat, Output, WAVE } = await import('mediabunny');
  const input = new Input({ source: new BufferSource(wav), formats: [WAVE] });
  try {
    const output = new Output({ format: new Mp3OutputFormat(), target: new BufferTarget() });
    const conversion = await Conversion.init({
      input,
      output,
      audio: { codec: 'mp3', numberOfChannels: 1, sampleRate, bitrate: bitrate * 1000, forceTranscode: true },
    });
    if (!conversion.isValid)
      throw new Error(`The WAV could not be read for MP3 encoding (${JSON.stringify(conversion.discardedTracks.map((t) => t.reason))})`);
    await conversion.execute();
    const buffer = output.target.buffer;
    if (buffer === null) throw new Error('The MP3 encoder produced nothing');
    return new Uint8Array(buffer);
  } finally {
    input.dispose();
  }
}
