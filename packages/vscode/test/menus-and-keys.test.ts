// The editor's context menu and the default keys, as package.json contributes them (issue 26).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

interface MenuEntry {
  readonly command?: string;
  readonly submenu?: string;
}
interface Manifest {
  readonly contributes: {
    readonly submenus: readonly { readonly id: string; readonly label: string }[];
    readonly menus: Record<string, readonly MenuEntry[]>;
    readonly keybindings: readonly { readonly command: string; readonly key: string; readonly mac?: string }[];
  };
}

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as Manifest;

test('the editor’s context menu holds one “Circassian” submenu with the ten commands (Show Near Matches beside Translate Selection, Add Term to Glossary the tenth), not ten flat entries', () => {
  const context = manifest.contributes.menus['editor/context'] ?? [];
  expect(context).toHaveLength(1);
  const id = context[0]?.submenu ?? '';
  expect(manifest.contributes.submenus.find((submenu) => submenu.id === id)?.label).toBe('%submenu.editor%');
  const commands = (manifest.contributes.menus[id] ?? []).map((entry) => entry.command);
  expect(commands).toHaveLength(10);
  expect(commands.indexOf('circassian.showNearMatches')).toBe(commands.indexOf('circassian.translateSelectionFrom') + 1);
});

test('no default key is GNOME’s Ctrl+Alt+T (a terminal) or a key another translate extension binds', () => {
  // GNOME: Ctrl+Alt+T terminal, Ctrl+Alt+L lock, Ctrl+Alt+Delete. DeepL for VS Code: Alt+T,
  // Shift+Alt+T, Ctrl+Shift+Alt+T. Google Translate (funkyremi): Alt+Shift+T. Comment Translate:
  // Alt+Shift+S/N/Y/T/Z/B.
  const normal = (key: string): string =>
    key
      .split(' ')
      .map((part) => part.split('+').sort().join('+'))
      .join(' ');
  const taken = new Set(
    [
      'ctrl+alt+t',
      'ctrl+alt+l',
      'ctrl+alt+delete',
      'alt+t',
      'shift+alt+t',
      'ctrl+shift+alt+t',
      'alt+shift+s',
      'alt+shift+n',
      'alt+shift+y',
      'alt+shift+z',
      'alt+shift+b',
    ].map(normal),
  );
  const clashes = manifest.contributes.keybindings.filter((binding) => taken.has(normal(binding.key)));
  expect(clashes).toEqual([]);
  expect(manifest.contributes.keybindings.find((binding) => binding.command === 'circassian.translateSelection')?.key).toBe('ctrl+k k');
});

test('the walkthrough’s steps tick on what was done, not on a command merely run: a stored key, a translation that succeeded, an address set (not any change of the setting: clearing it ticked the step)', () => {
  const steps = (
    manifest as unknown as {
      contributes: { walkthroughs: { steps: { id: string; completionEvents: string[]; description: string }[] }[] };
    }
  ).contributes.walkthroughs[0]?.steps;
  const events = Object.fromEntries((steps ?? []).map((step) => [step.id, step.completionEvents]));
  expect(events).toEqual({
    'circassian.setup.baseUrl': ['onContext:circassian.baseUrlSet'],
    'circassian.setup.key': ['onContext:circassian.keySet'],
    'circassian.setup.try': ['onContext:circassian.translatedOnce'],
  });
});
