// Whether a path lies inside a folder, by their text: both absolute, `/` or `\` separators (what
// the speech folder and the workspace memory check before writing where a setting or a link leads).
export function isInside(childPath: string, parentPath: string): boolean {
  const [child, parent] = [childPath, parentPath].map((path) => path.replace(/\\/g, '/')) as [string, string];
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return child === parent || child.startsWith(base);
}
