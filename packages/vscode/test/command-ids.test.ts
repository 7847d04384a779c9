// CommandId is the one list of the extension's commands; package.json contributes them to VS Code.
// A command in one and not the other is either unreachable or shown in the palette doing nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CommandId } from '../src/command-ids';

interface Manifest {
  readonly contributes: { readonly commands: readonly { readonly command: string }[] };
}

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as Manifest;

test('CommandId lists exactly the commands package.json contributes, each once', () => {
  const contributed = manifest.contributes.commands.map((entry) => entry.command);
  expect(new Set(contributed).size).toBe(contributed.length);
  expect([...contributed].sort()).toEqual(Object.values(CommandId).sort());
});

test('no source file but ids.ts spells a command id: they all use CommandId', () => {
  const ids = new Set<string>(Object.values(CommandId));
  const sourceDir = join(import.meta.dirname, '..', 'src');
  const offenders = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && file !== 'command-ids.ts')
    .flatMap((file) =>
      [...readFileSync(join(sourceDir, file), 'utf8').matchAll(/['"](circassian\.\w+)['"]/g)]
        .filter((match) => ids.has(match[1] ?? ''))
        .map((match) => `${file}: ${match[0]}`),
    );
  expect(offenders).toEqual([]);
});
