// MP3 audio where the server can encode it, as the WordPress plugin does for its podcast feed
// (includes/Audio_Encoder.php): `lame` or `ffmpeg`, looked for on PATH and in /usr/bin,
// /usr/local/bin and /bin; the service's WAV where neither is there (the settings page says what it
// takes). Spoken word at mono 64 kbit/s, what podcast hosts recommend for speech: a tenth of the
// WAV's size. The encoder runs from an argument list (execFile), never through a shell, so no file
// name is ever interpreted.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

export type EncoderName = 'lame' | 'ffmpeg';

export interface Encoder {
  readonly name: EncoderName;
  readonly path: string;
}

/** An audio file ready for the upload plugin: the MP3 where it was made, else the WAV. */
export interface AudioFile {
  readonly filepath: string;
  readonly extension: 'mp3' | 'wav';
  readonly mimetype: 'audio/mpeg' | 'audio/wav';
  readonly size: number;
}

/** The encoders looked for, in order of preference. */
const TOOLS: readonly EncoderName[] = ['lame', 'ffmpeg'];
const SEARCHED = ['/usr/bin', '/usr/local/bin', '/bin'];
const BITRATE_KBPS = 64;
/** Long text is a few minutes of speech; an encoder that takes longer than this is stuck. */
const ENCODE_TIMEOUT_MS = 120_000;

const run = promisify(execFile);

const searchPath = (): string[] => [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SEARCHED];

/** The encoder this server has (the first of lame, ffmpeg found in `dirs`), or null. */
export function findEncoder(dirs: readonly string[] = searchPath()): Encoder | null {
  for (const name of TOOLS)
    for (const dir of new Set(dirs)) {
      const path = join(dir, name);
      try {
        accessSync(path, constants.X_OK);
        return { name, path };
      } catch {
        // Not in this folder: the next one.
      }
    }
  return null;
}

/** The encoder's arguments: a WAV in, a mono MP3 of speech out, nothing asked on the terminal. */
export function encoderArguments(encoder: Encoder, wav: string, mp3: string): string[] {
  return encoder.name === 'lame'
    ? ['--quiet', '-m', 'm', '-b', String(BITRATE_KBPS), wav, mp3]
    : ['-v', 'error', '-nostdin', '-y', '-i', wav, '-ac', '1', '-codec:a', 'libmp3lame', '-b:a', `${BITRATE_KBPS}k`, '-f', 'mp3', mp3];
}

/**
 * The WAV at `wav` as the file to store: its MP3 beside it (same name, .mp3) where `encoder` made
 * one, else the WAV itself; `onFailure` hears why an encoder that exists made none.
 */
export async function storedAudio(
  wav: string,
  encoder: Encoder | null,
  onFailure: (reason: string) => void = () => {},
): Promise<AudioFile> {
  if (encoder) {
    const mp3 = wav.replace(/\.wav$/i, '') + '.mp3';
    try {
      await run(encoder.path, encoderArguments(encoder, wav, mp3), { timeout: ENCODE_TIMEOUT_MS });
      const { size } = await stat(mp3);
      if (size > 0) return { filepath: mp3, extension: 'mp3', mimetype: 'audio/mpeg', size };
      onFailure(`${encoder.name} made an empty file`);
    } catch (error) {
      onFailure(`${encoder.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await rm(mp3, { force: true });
  }
  return { filepath: wav, extension: 'wav', mimetype: 'audio/wav', size: (await stat(wav)).size };
}
