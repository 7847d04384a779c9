// Everything `pnpm host` says goes to stderr: stdout carries only the one ready line.
export function log(message: string): void {
  process.stderr.write(`[host] ${message}\n`);
}
