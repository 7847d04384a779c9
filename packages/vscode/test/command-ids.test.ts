// CommandId is the one list of the extension's commands; package.json contributes them to VS Code.
// A command in one and not the other is either unreachable or shown in the palette doing nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CommandId } from '../src/commands/ids';

interface Manifest {
  readonly contributes: { readonly commands: readonly { readonly command: string }[] };
}

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as Manifest;

test('CommandId lists exactly the commands package.json contributes, each once', () => {
  const contributed = manifest.contributes.commands.map((entry) => entry.command);
  expect(new Set(contributed).size).toBe(contributed.length);
  expect([...contributed].sort()).toEqual(Object.values(CommandId).sort());
});
