// VS Code's settings files are JSON with comments and trailing commas (JSONC). Read here only to
// tell a user in Restricted Mode which of the folder's settings VS Code is ignoring (the extension
// host is given the settings without them), so a small reader does: comments and trailing commas
// outside strings are dropped, then JSON.parse reads the rest (and throws on what is not JSON).
export function parseJsonc(text: string): unknown {
  const string = /"(?:[^"\\]|\\.)*"/suy;
  let out = '';
  // A comma is written only once the next token shows it is not a trailing one.
  let comma = false;
  let i = 0;
  const emit = (token: string): void => {
    if (comma && token !== '}' && token !== ']') out += ',';
    comma = false;
    out += token;
  };
  while (i < text.length) {
    const char = text[i] ?? '';
    if (char === '"') {
      // A string, escapes included, copied whole.
      string.lastIndex = i;
      const whole = string.exec(text)?.[0] ?? text.slice(i);
      emit(whole);
      i += whole.length;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      if (char === ',') comma = true;
      else if (/\s/u.test(char)) out += char;
      else emit(char);
      i++;
    }
  }
  return JSON.parse(out) as unknown;
}

/**
 * A setting's value in a parsed settings object: its dotted key as written (`"circassian.memory.file"`),
 * or nested under a part of it (`"circassian": { "memory.file": ... }`); undefined when absent.
 */
export function settingIn(settings: unknown, key: string): unknown {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return undefined;
  for (const [name, value] of Object.entries(settings)) {
    if (name === key) return value;
    if (key.startsWith(`${name}.`)) {
      const found = settingIn(value, key.slice(name.length + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
