// Assertions on the service's answers; the fixture itself is `TestService` from ../src/testing.ts.
import { expect } from 'vitest';
import type { CallResult } from '../src/testing.js';

/** Asserts the spec's error body and returns its message. */
export function expectError(result: CallResult, status: number, type: string): string {
  expect({ status: result.status, type: errorType(result) }).toEqual({ status, type });
  return (result.json as { error: { message: string } }).error.message;
}

export function errorType(result: CallResult): string | undefined {
  return (result.json as { error?: { type?: string } } | undefined)?.error?.type;
}

/** The `detail` items of a schema-validation 422. */
export function expectDetail(result: CallResult): { type: string; loc: (string | number)[]; msg: string }[] {
  expect(result.status).toBe(422);
  const detail = (result.json as { detail?: unknown }).detail;
  expect(Array.isArray(detail)).toBe(true);
  return detail as { type: string; loc: (string | number)[]; msg: string }[];
}

/** A text of `length` characters. */
export function textOf(length: number, unit = 'а'): string {
  return unit.repeat(length);
}
