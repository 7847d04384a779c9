// The service's audio is checked before anything reaches the Media Library, as the WordPress
// plugin checks it (includes/Wav.php): a RIFF/WAVE file with a PCM format chunk of sane values and
// a data chunk inside the file whose size is whole sample frames. Anything else (an error page, a
// script, a truncated download) is refused: it would be stored and served as audio/wav.
import { readWavInfo } from '@circassian/core/wav';

/** Formats the Media Library stores: integer PCM and WAVE_FORMAT_EXTENSIBLE (as WordPress). */
const PCM_FORMATS: ReadonlySet<number> = new Set([1, 0xfffe]);
const SAMPLE_BITS: ReadonlySet<number> = new Set([8, 16, 24, 32]);

/** Why `bytes` is not a WAV file the plugin stores, in an editor's words; null when it is one. */
export function wavProblem(bytes: Uint8Array): string | null {
  let info: ReturnType<typeof readWavInfo>;
  try {
    info = readWavInfo(bytes);
  } catch {
    return 'The speech service sent audio that is not a WAV file, so nothing was saved. Generate it again.';
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sane =
    PCM_FORMATS.has(info.audioFormat) &&
    info.channels >= 1 &&
    info.channels <= 8 &&
    info.sampleRate >= 8000 &&
    info.sampleRate <= 192_000 &&
    SAMPLE_BITS.has(info.bitsPerSample) &&
    info.blockAlign === info.channels * (info.bitsPerSample / 8);
  if (!sane) return 'The speech service sent a WAV file in a format this site does not store (PCM expected), so nothing was saved.';
  // readWavInfo counts what a truncated file holds; here the declared size must be there, in whole frames.
  const declared = view.getUint32(info.dataOffset - 4, true);
  if (declared === 0 || info.dataOffset + declared > bytes.byteLength || declared % info.blockAlign !== 0)
    return 'The speech service sent a WAV file whose sizes do not match, so nothing was saved. Generate it again.';
  return null;
}
