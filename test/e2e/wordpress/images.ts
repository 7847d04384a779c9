// Real image files for the podcast artwork cases, and the pixel size and type read back from an
// image's own bytes (as a directory reads the artwork it downloads), without an image library.
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour, RGB (colour type 2), 8 bits a channel. */
export function solidPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface ImageFacts {
  readonly type: 'image/png' | 'image/jpeg';
  readonly width: number;
  readonly height: number;
  /** PNG: its colour type (2 RGB, 6 RGBA); JPEG: its number of components (3 YCbCr/RGB, 4 CMYK). */
  readonly colour: number;
}

/** What a PNG's IHDR or a JPEG's frame header says; null for anything else. */
export function imageFacts(bytes: Buffer): ImageFacts | null {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colour: bytes[25] ?? -1 };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let at = 2; at + 9 < bytes.length;) {
    const marker = bytes[at + 1] ?? 0;
    // Start of frame: baseline, extended or progressive (C0-C3), as readers take them.
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { type: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7), colour: bytes[at + 9] ?? -1 };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}
