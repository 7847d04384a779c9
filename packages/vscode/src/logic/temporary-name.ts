// The hidden name a whole write (editor/write-whole.ts) puts its bytes under before renaming them
// over the target: `.kbd.json.<pid>-<random>.circassian-tmp` beside kbd.json. The writer's process
// id is in it, so a later write can tell a file a killed extension host left (removed) from one
// another window is writing right now (kept).
const SUFFIX = '.circassian-tmp';

/** `.<name>.<pid>-<random>.circassian-tmp`; `random` is hex. */
export function temporaryName(name: string, pid: number, random: string): string {
  return `.${name}.${pid}-${random}${SUFFIX}`;
}

/** The process id in a temporary name of `name`, or undefined when `file` is not one of its temporary names. */
export function writerOf(name: string, file: string): number | undefined {
  const prefix = `.${name}.`;
  if (!file.startsWith(prefix) || !file.endsWith(SUFFIX) || file.length <= prefix.length + SUFFIX.length) return undefined;
  const match = /^(\d+)-[0-9a-f]+$/.exec(file.slice(prefix.length, -SUFFIX.length));
  return match ? Number(match[1]) : undefined;
}
