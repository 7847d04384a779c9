import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav } from '@circassian/core/wav';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findEncoder, storedAudio } from '../server/src/utils/audio-encoder';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'circassian-encoder-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An executable in `dir` that exits with `code` (a stand-in for an encoder that breaks). */
async function tool(name: string, code: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\nexit ${code}\n`);
  await chmod(path, 0o755);
  return path;
}

async function wavFile(): Promise<string> {
  const path = join(dir, 'story-kbd.wav');
  await writeFile(path, encodeWav(new Int16Array(16_000), 16_000));
  return path;
}

describe('the audio encoder', () => {
  it('finds none where neither lame nor ffmpeg is', () => {
    expect(findEncoder([dir])).toBeNull();
  });

  it('prefers lame to ffmpeg', async () => {
    await tool('ffmpeg', 0);
    const lame = await tool('lame', 0);
    expect(findEncoder([dir])).toEqual({ name: 'lame', path: lame });
  });

  it("makes an MP3 beside the WAV with the server's lame", async () => {
    const lame = findEncoder(['/usr/bin', '/usr/local/bin']);
    expect(lame?.name, 'lame is installed by pnpm install-hosts (Debian package lame)').toBe('lame');
    const stored = await storedAudio(await wavFile(), lame);
    expect(stored).toMatchObject({ filepath: join(dir, 'story-kbd.mp3'), extension: 'mp3', mimetype: 'audio/mpeg' });
    const bytes = await readFile(stored.filepath);
    expect(stored.size).toBe(bytes.byteLength);
    // An MPEG audio frame (sync bits 0xFFE) or an ID3 tag before one.
    expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
  });

  it('keeps the WAV, and says why, when the encoder fails', async () => {
    const reasons: string[] = [];
    const wav = await wavFile();
    const stored = await storedAudio(wav, { name: 'lame', path: await tool('lame', 1) }, (reason) => reasons.push(reason));
    expect(stored).toMatchObject({ filepath: wav, extension: 'wav', mimetype: 'audio/wav' });
    expect(reasons).toEqual([expect.stringMatching(/^lame failed/)]);
  });

  it('keeps the WAV where the server has no encoder', async () => {
    const wav = await wavFile();
    expect(await storedAudio(wav, null)).toMatchObject({ filepath: wav, extension: 'wav', mimetype: 'audio/wav' });
  });
});
