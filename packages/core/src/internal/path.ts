/**
 * Fills `{name}` placeholders of a path template. Every value is percent-encoded, so an id holding
 * `/`, `?` or `..` cannot reach another endpoint.
 */
export function buildPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    // encodeURIComponent leaves dots alone; a segment of only dots would be resolved as `.`/`..`.
    return /^\.+$/.test(value) ? value.replaceAll('.', '%2E') : encodeURIComponent(value);
  });
}
