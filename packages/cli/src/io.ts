/**
 * What the command touches of its process, injectable so `main()` runs the same in tests.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from './cli-error.js';

export interface OutputStream {
  write(chunk: string | Uint8Array): boolean;
  readonly isTTY?: boolean;
}

export interface InputStream extends AsyncIterable<string | Uint8Array> {
  readonly isTTY?: boolean;
}

export interface CliIo {
  readonly stdin: InputStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Folder that relative file names are resolved against. */
  readonly cwd: string;
}

export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** All of stdin as UTF-8. Refuses a terminal, so a forgotten argument does not hang the command. */
export async function readStdin(io: CliIo, what: string): Promise<string> {
  if (io.stdin.isTTY) {
    throw new UsageError(`no ${what}: pass it as an argument or pipe it on stdin`);
  }
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of io.stdin) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * The text a command works on: its arguments joined by spaces, else stdin without the final line
 * break (`echo` adds one). Empty text is a usage error: the service needs at least one character.
 */
export async function readTextInput(positionals: readonly string[], io: CliIo, what = 'text'): Promise<string> {
  const text = positionals.length > 0 ? positionals.join(' ') : (await readStdin(io, what)).replace(/\r?\n$/u, '');
  if (text.length === 0) throw new UsageError(`the ${what} is empty`);
  return text;
}

/** A file named on the command line, as UTF-8; a missing or unreadable one is a usage error, not a crash. */
export async function readInputFile(io: CliIo, name: string): Promise<{ path: string; text: string }> {
  const path = resolve(io.cwd, name);
  try {
    return { path, text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : String(error);
    throw new UsageError(`cannot read ${name}: ${reason}`, 'check the file name');
  }
}

/**
 * A file's text as the service should get it: a leading byte order mark (which Windows editors
 * write) is an encoding mark, not text. stdin's TextDecoder drops it already; `readInputFile` keeps
 * it, so `palochka --write` gives a file back with the mark it had.
 */
export function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
