// The benchmark's localisation file: 2,000 entries of an application's English strings, nested by
// screen, one in five with a placeholder ({name}, {{count}}, %s) and one in twenty an ICU plural, as
// i18n files carry them. Every value differs (the entry's number is part of it), so nothing is
// saved by sending a repeated text once.
const SCREENS = ['settings', 'editor', 'account', 'billing', 'search', 'export', 'sharing', 'help'];
const PHRASES = [
  'Save the changes to this document before closing the window',
  'Your session has ended, sign in again to continue working',
  'The file could not be opened because it is used by another program',
  'Choose the language the interface is shown in',
  'Show the list of recent projects on the start page',
  'Send a copy of the report to the whole team',
  'This action cannot be undone once it is confirmed',
  'Open the folder that holds the exported pictures',
];

function value(index: number): string {
  const phrase = `${PHRASES[index % PHRASES.length]} (item ${index})`;
  if (index % 20 === 0) return `{count, plural, one {# new message in ${phrase}} other {# new messages in ${phrase}}}`;
  if (index % 5 === 1) return `${phrase}, {name}`;
  if (index % 5 === 2) return `{{count}} ${phrase}`;
  if (index % 5 === 3) return `${phrase}: %s`;
  return phrase;
}

/** The file's JSON text and its values (the translatable texts), in file order. */
export function localisationFile(entries: number): { json: string; values: string[] } {
  const tree: Record<string, Record<string, string>> = {};
  const values: string[] = [];
  for (let index = 0; index < entries; index++) {
    const screen = SCREENS[index % SCREENS.length] ?? 'other';
    const text = value(index);
    (tree[screen] ??= {})[`message${index}`] = text;
    values.push(text);
  }
  return { json: `${JSON.stringify(tree, null, 2)}\n`, values };
}
