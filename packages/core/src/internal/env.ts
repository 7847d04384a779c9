/**
 * The one place environment variables are read. Returns undefined outside Node (browsers, workers)
 * and for empty values, so an exported-but-blank variable does not count as set.
 */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
