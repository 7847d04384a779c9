// A translate job asked for by an admin whose role's field lists cover only some fields carries
// those fields (`result.fields`): the worker writes no other. Two requests for the same waiting
// job merge without widening what either asker may do: a job anyone asked for unrestricted (a
// save, a super admin) stays unrestricted, two restricted ones cover the fields of both.

/** The fields a job is narrowed to, or undefined when it writes every field. */
export const jobFields = (result: Record<string, unknown> | null | undefined): string[] | undefined =>
  Array.isArray(result?.fields) ? (result.fields as unknown[]).filter((field): field is string => typeof field === 'string') : undefined;

/** The fields of a waiting job once another request for it arrives (undefined: every field). */
export function mergedFields(waiting: readonly string[] | undefined, incoming: readonly string[] | undefined): string[] | undefined {
  if (waiting === undefined || incoming === undefined) return undefined;
  return [...new Set([...waiting, ...incoming])];
}
