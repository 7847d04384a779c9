/** Whether a parsed JSON value can be written back as JSON (deep nesting overflows the stack). */
export function isSerializable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}
