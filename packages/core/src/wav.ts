/**
 * WAV helpers shared by the client (duration from a header, joining the parts of long speech) and the
 * sandbox (writing audio). PCM only; Uint8Array in and out and no Node APIs, so the module is
 * browser-safe.
 *
 * A WAV file is a RIFF container: `RIFF <size> WAVE` followed by chunks, each `<id:4> <size:u32 LE>
 * <body>` padded to an even length. Only two chunks matter here: `fmt ` (the sample format) and
 * `data` (the samples). Any other chunk (`LIST`, `fact`, `bext`, ...) is skipped.
 */
export interface WavInfo {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitsPerSample: number;
  /** Bytes per sample frame (all channels): `channels * bitsPerSample / 8`. */
  readonly blockAlign: number;
  /** 1 for integer PCM, 3 for float PCM, 0xFFFE for WAVE_FORMAT_EXTENSIBLE. */
  readonly audioFormat: number;
  /** Offset of the first sample byte in the file. */
  readonly dataOffset: number;
  /** Sample bytes present, whole frames only (a truncated file counts what it holds). */
  readonly dataLength: number;
  readonly durationSeconds: number;
}

const RIFF_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
const PCM_FMT_BODY_BYTES = 16;
const FORMAT_PCM = 1;
const FORMAT_IEEE_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
const SUPPORTED_FORMATS: ReadonlySet<number> = new Set([FORMAT_PCM, FORMAT_IEEE_FLOAT, FORMAT_EXTENSIBLE]);
// WAV samples are little-endian; typed arrays use the machine's order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Mono 16-bit PCM samples as a WAV file. */
export function encodeWav(samples: Int16Array, sampleRate: number): Uint8Array {
  const writer = createPcm16Wav(samples.length, sampleRate);
  writer.samples.set(samples);
  return writer.finish();
}

/** A WAV file being written sample by sample; see `createPcm16Wav`. */
export interface Pcm16WavWriter {
  /** The samples to fill in, all zero (silence) at first. */
  readonly samples: Int16Array;
  /** The finished WAV file. Call once, after the samples are written. */
  finish(): Uint8Array;
}

/**
 * A mono 16-bit PCM WAV of `sampleCount` samples, written in place: on little-endian machines (all
 * common ones) `samples` is a view into the file's own bytes, so long audio is never held twice or
 * copied. Elsewhere the samples are byte-swapped into the file by `finish()`.
 */
export function createPcm16Wav(sampleCount: number, sampleRate: number): Pcm16WavWriter {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`Invalid sample rate: ${sampleRate}`);
  const fmt = new Uint8Array(PCM_FMT_BODY_BYTES);
  const view = new DataView(fmt.buffer);
  view.setUint16(0, FORMAT_PCM, true);
  view.setUint16(2, 1, true); // channels
  view.setUint32(4, sampleRate, true);
  view.setUint32(8, sampleRate * 2, true); // byte rate
  view.setUint16(12, 2, true); // block align
  view.setUint16(14, 16, true); // bits per sample
  const { bytes, dataStart } = wavWithEmptyData(fmt, sampleCount * 2);
  if (LITTLE_ENDIAN) return { samples: new Int16Array(bytes.buffer, dataStart, sampleCount), finish: () => bytes };
  const samples = new Int16Array(sampleCount);
  return {
    samples,
    finish: () => {
      const data = new DataView(bytes.buffer, dataStart);
      for (let i = 0; i < samples.length; i++) data.setInt16(i * 2, samples[i] as number, true);
      return bytes;
    },
  };
}

/** The format and data location of a WAV file; throws an Error saying what is wrong when it is not one. */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < RIFF_HEADER_BYTES || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') {
    throw new Error('Not a WAV file: the RIFF/WAVE header is missing');
  }
  let format: Omit<WavInfo, 'dataOffset' | 'dataLength' | 'durationSeconds'> | undefined;
  let data: { offset: number; length: number } | undefined;
  for (const chunk of chunksOf(bytes)) {
    if (chunk.id === 'fmt ') format = readFormat(view, chunk.body, chunk.size);
    // Streamed files may declare a data size larger than what follows (or 0xFFFFFFFF): count what is there.
    if (chunk.id === 'data') data = { offset: chunk.body, length: Math.min(chunk.size, bytes.length - chunk.body) };
    if (format && data) break;
  }
  if (!format) throw new Error('Invalid WAV file: no "fmt " chunk');
  if (!data) throw new Error('Invalid WAV file: no "data" chunk');
  const dataLength = data.length - (data.length % format.blockAlign);
  return {
    ...format,
    dataOffset: data.offset,
    dataLength,
    durationSeconds: dataLength / (format.sampleRate * format.blockAlign),
  };
}

/** Seconds of audio in a WAV file, from its header and data size. */
export function wavDurationSeconds(bytes: Uint8Array): number {
  return readWavInfo(bytes).durationSeconds;
}

/**
 * Joins WAV files of one format into one file whose samples are the parts' samples in order (the
 * client uses it for long text spoken in parts). Throws when the parts differ in format or none is given.
 */
export function concatWavs(parts: readonly Uint8Array[]): Uint8Array {
  const [first, ...rest] = parts;
  if (!first) throw new Error('concatWavs needs at least one WAV file');
  const firstInfo = readWavInfo(first);
  const infos = [firstInfo, ...rest.map((part) => readWavInfo(part))];
  infos.forEach((info, index) => {
    if (!sameFormat(info, firstInfo)) {
      throw new Error(`Cannot join WAV files of different formats: part ${index} is ${describe(info)}, part 0 is ${describe(firstInfo)}`);
    }
  });
  const fmt = fmtChunkBody(first);
  const samples = parts.map((part, index) => {
    const info = infos[index] as WavInfo;
    return part.subarray(info.dataOffset, info.dataOffset + info.dataLength);
  });
  return writeWav(fmt, samples);
}

/** `RIFF`, the given `fmt ` body, then one `data` chunk holding the sample byte runs back to back. */
function writeWav(fmtBody: Uint8Array, sampleRuns: readonly Uint8Array[]): Uint8Array {
  const { bytes, dataStart } = wavWithEmptyData(
    fmtBody,
    sampleRuns.reduce((sum, run) => sum + run.length, 0),
  );
  let offset = dataStart;
  for (const run of sampleRuns) {
    bytes.set(run, offset);
    offset += run.length;
  }
  return bytes;
}

/** A complete WAV file with the given `fmt ` body and `dataLength` zero sample bytes starting at `dataStart`. */
function wavWithEmptyData(fmtBody: Uint8Array, dataLength: number): { bytes: Uint8Array; dataStart: number } {
  const fmtPadded = fmtBody.length + (fmtBody.length % 2);
  const dataStart = RIFF_HEADER_BYTES + CHUNK_HEADER_BYTES + fmtPadded + CHUNK_HEADER_BYTES;
  const total = dataStart + dataLength + (dataLength % 2);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  writeAscii(bytes, 0, 'RIFF');
  view.setUint32(4, total - 8, true);
  writeAscii(bytes, 8, 'WAVE');
  writeAscii(bytes, 12, 'fmt ');
  view.setUint32(16, fmtBody.length, true);
  bytes.set(fmtBody, 20);
  writeAscii(bytes, dataStart - CHUNK_HEADER_BYTES, 'data');
  view.setUint32(dataStart - 4, dataLength, true);
  return { bytes, dataStart };
}

function readFormat(view: DataView, body: number, size: number): Omit<WavInfo, 'dataOffset' | 'dataLength' | 'durationSeconds'> {
  if (size < PCM_FMT_BODY_BYTES || body + PCM_FMT_BODY_BYTES > view.byteLength) {
    throw new Error('Invalid WAV file: the "fmt " chunk is too short');
  }
  const audioFormat = view.getUint16(body, true);
  const channels = view.getUint16(body + 2, true);
  const sampleRate = view.getUint32(body + 4, true);
  const blockAlign = view.getUint16(body + 12, true);
  const bitsPerSample = view.getUint16(body + 14, true);
  if (!SUPPORTED_FORMATS.has(audioFormat)) throw new Error(`Unsupported WAV encoding ${audioFormat}: only PCM is supported`);
  if (channels === 0 || sampleRate === 0 || blockAlign === 0 || bitsPerSample === 0) {
    throw new Error('Invalid WAV file: the "fmt " chunk declares zero channels, rate, block size or sample size');
  }
  return { audioFormat, channels, sampleRate, blockAlign, bitsPerSample };
}

function fmtChunkBody(bytes: Uint8Array): Uint8Array {
  for (const chunk of chunksOf(bytes)) {
    if (chunk.id === 'fmt ') return bytes.subarray(chunk.body, chunk.body + chunk.size);
  }
  throw new Error('Invalid WAV file: no "fmt " chunk');
}

/** The chunks after the RIFF header, in file order: id, body offset and declared body size. */
function* chunksOf(bytes: Uint8Array): Generator<{ id: string; body: number; size: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = RIFF_HEADER_BYTES; offset + CHUNK_HEADER_BYTES <= bytes.length;) {
    const size = view.getUint32(offset + 4, true);
    const body = offset + CHUNK_HEADER_BYTES;
    yield { id: ascii(bytes, offset), body, size };
    offset = body + size + (size % 2);
  }
}

function sameFormat(a: WavInfo, b: WavInfo): boolean {
  return (
    a.audioFormat === b.audioFormat &&
    a.channels === b.channels &&
    a.sampleRate === b.sampleRate &&
    a.bitsPerSample === b.bitsPerSample &&
    a.blockAlign === b.blockAlign
  );
}

function describe(info: WavInfo): string {
  return `${info.channels} channel(s), ${info.sampleRate} Hz, ${info.bitsPerSample}-bit`;
}

function ascii(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset] ?? 0, bytes[offset + 1] ?? 0, bytes[offset + 2] ?? 0, bytes[offset + 3] ?? 0);
}

function writeAscii(bytes: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
}
