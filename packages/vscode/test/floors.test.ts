// The extension's floors, read from its imports: the command modules (src/commands/) stand on top,
// registered by extension.ts alone; what they stand on (the editor pieces, the translate, speech,
// memory and palochka services, the ground floor's ids and settings) never imports a command
// module; and logic/ needs no editor at all (it is what vitest tests without VS Code).
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const SOURCE = join(import.meta.dirname, '..', 'src');
const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.endsWith('.ts'));

/** Each file's imports, relative ones resolved to a path under src/ (`commands/index.ts`), bare ones as written. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(SOURCE, file), 'utf8'), true, true);
  return importedFiles.map(({ fileName }) =>
    fileName.startsWith('.') ? `${posix.normalize(posix.join(posix.dirname(file), fileName))}.ts` : fileName,
  );
}

test('no module below the commands imports a command module: only extension.ts registers them', () => {
  const offenders = files
    .filter((file) => !file.startsWith('commands/') && file !== 'extension.ts')
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('commands/'))
        .map((target) => `${file} -> ${target}`),
    );
  expect(offenders).toEqual([]);
});

test('logic/ is editor-free: it imports neither vscode nor a module that does', () => {
  const offenders = files
    .filter((file) => file.startsWith('logic/'))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => target === 'vscode' || (target.endsWith('.ts') && !target.startsWith('logic/')))
        .map((target) => `${file} -> ${target}`),
    );
  expect(offenders).toEqual([]);
});
