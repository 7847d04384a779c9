import { createHash } from 'node:crypto';

/** A stable hash of a field's value (key order normalised), to tell what changed since the last run. */
export function hashValue(value: unknown): string {
  return createHash('sha256')
    .update(stableJson(value ?? null))
    .digest('base64url')
    .slice(0, 22);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key, inner]) => inner !== undefined && key !== 'id' && key !== 'documentId')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
