/**
 * Everything the command prints goes through here: results on stdout, notices and errors on
 * stderr. With --json, stdout carries one JSON document and every stderr line is a JSON object,
 * so scripts never parse prose.
 */
import type { Failure } from './failure.js';
import type { CliIo, OutputStream } from './io.js';

export class Output {
  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
  ) {}

  get stderr(): OutputStream {
    return this.io.stderr;
  }

  /** The command's result: `value` as JSON with --json, else the human lines. */
  result(value: unknown, lines: () => readonly string[]): void {
    if (this.json) {
      this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    } else {
      const text = lines();
      if (text.length > 0) this.io.stdout.write(`${text.join('\n')}\n`);
    }
  }

  /** A remark for the user that is not the result (e.g. that --sandbox started a local service). */
  notice(message: string): void {
    this.io.stderr.write(this.json ? `${JSON.stringify({ notice: message })}\n` : `circassian: ${message}\n`);
  }

  failure(failure: Failure): void {
    if (this.json) {
      const { exitCode, type, message, hint, status, retryAfterSeconds, jobId } = failure;
      const error = {
        type,
        message,
        exit_code: exitCode,
        ...(hint !== undefined ? { hint } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(retryAfterSeconds !== undefined ? { retry_after_seconds: retryAfterSeconds } : {}),
        ...(jobId !== undefined ? { job_id: jobId } : {}),
      };
      this.io.stderr.write(`${JSON.stringify({ error })}\n`);
      return;
    }
    this.io.stderr.write(`circassian: error: ${failure.message}\n`);
    if (failure.hint) this.io.stderr.write(`  ${failure.hint}\n`);
  }
}

/**
 * A JSON value as readable lines: `key: value` for scalars, nested objects indented, lists of
 * `{id, title}` as aligned rows. For responses whose fields the interface does not fix.
 */
export function renderValue(value: unknown, indent = ''): string[] {
  if (Array.isArray(value)) {
    if (value.every(isListItem)) {
      const width = Math.max(0, ...value.map((item) => item.id.length));
      return value.map((item) => `${indent}${item.id.padEnd(width)}  ${item.title}`);
    }
    return value.flatMap((item) => (isScalar(item) ? [`${indent}- ${String(item)}`] : [`${indent}-`, ...renderValue(item, `${indent}  `)]));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      isScalar(item) ? [`${indent}${key}: ${String(item)}`] : [`${indent}${key}:`, ...renderValue(item, `${indent}  `)],
    );
  }
  return [`${indent}${String(value)}`];
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function isListItem(value: unknown): value is { id: string; title: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { title?: unknown }).title === 'string'
  );
}
