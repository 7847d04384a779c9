/** Reads a WAV header and checks it describes the bytes that follow: what "a valid WAV" means in these tests. */
export interface WavSummary {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitsPerSample: number;
  readonly dataBytes: number;
}

export function readWavHeader(bytes: Uint8Array): WavSummary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  if (view.getUint32(4, true) !== bytes.byteLength - 8) throw new Error('RIFF size does not match the file');
  let offset = 12;
  let format: Omit<WavSummary, 'dataBytes'> | undefined;
  while (offset + 8 <= bytes.byteLength) {
    const id = ascii(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      format = {
        channels: view.getUint16(offset + 10, true),
        sampleRate: view.getUint32(offset + 12, true),
        bitsPerSample: view.getUint16(offset + 22, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('data chunk before fmt chunk');
      if (offset + 8 + size > bytes.byteLength) throw new Error('data chunk runs past the end');
      return { ...format, dataBytes: size };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}
