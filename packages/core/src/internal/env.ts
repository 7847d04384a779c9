/** The process's environment, or none outside Node (browsers, workers). */
export type Environment = Readonly<Record<string, string | undefined>>;

const processEnvironment = (): Environment | undefined => (globalThis as { process?: { env?: Environment } }).process?.env;

/**
 * The one place environment variables are read. Returns undefined outside Node and for empty
 * values, so an exported-but-blank variable does not count as set.
 */
export function readEnv(name: string, env: Environment | undefined = processEnvironment()): string | undefined {
  const value = env?.[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
