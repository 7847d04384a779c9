// Issue 37: what the extension writes is written whole or not at all. A reader beside the extension
// host (another process, as a build watching kbd.json or a teammate's tool is) reads the target
// over and over while Translate File replaces it: every read is the old file or the new one, whole;
// never an empty or cut-short file, never a moment without it. And no temporary file stays behind.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { setSetting, until, writeText } from './helpers';

/** Reads `file` in a loop until `stop` exists; prints each distinct content's hash with its count, and the reads that found nothing. */
const READER = `
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const [file, stop, ready] = process.argv.slice(1);
const seen = {};
let missing = 0;
for (let reads = 0; !existsSync(stop); reads++) {
  try {
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    seen[hash] = (seen[hash] ?? 0) + 1;
  } catch {
    missing++;
  }
  if (reads === 0) writeFileSync(ready, '');
}
process.stdout.write(JSON.stringify({ seen, missing }));
`;

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A reader process on `file`: `finish()` stops it and resolves with what it read. */
async function startReader(file: string): Promise<{ finish: () => Promise<{ seen: Record<string, number>; missing: number }> }> {
  const stop = `${file}.reader-stop`;
  const ready = `${file}.reader-ready`;
  const child = spawn(process.execPath, ['-e', READER, file, stop, ready], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await until('the reader’s first read', () => readdirSync(join(file, '..')).includes(ready.slice(ready.lastIndexOf('/') + 1)), 30_000);
  return {
    finish: async () => {
      writeFileSync(stop, '');
      assert.equal(await exited, 0, output);
      return JSON.parse(output) as { seen: Record<string, number>; missing: number };
    },
  };
}

export function wholeWritesTests(): void {
  suite('whole writes', () => {
    test('Translate File replaces its target whole: a reader beside it sees the old file or the new one, never a part or nothing', async () => {
      // Big enough that writing it takes many writes (numbers are kept as they are, not sent): the
      // reader has time to read in between.
      const numbers = Array.from({ length: 600_000 }, (_, index) => index * 7);
      const sourceOf = (title: string): string => `${JSON.stringify({ title, numbers }, null, 1)}\n`;
      await setSetting('memory.enabled', false);
      try {
        const uri = await writeText('whole/en.json', sourceOf('Good morning'));
        const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
        assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
        const before = readFileSync(created.fsPath);
        assert.ok(before.byteLength > 4_000_000, `${before.byteLength} bytes`);

        await writeText('whole/en.json', sourceOf('Good night'));
        const reader = await startReader(created.fsPath);
        const again = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
        assert.ok(again instanceof vscode.Uri, JSON.stringify(again));
        const { seen, missing } = await reader.finish();
        const after = readFileSync(created.fsPath);
        assert.notEqual(sha256(after), sha256(before), 'the second run changed the file');
        assert.equal(missing, 0, 'the target was there at every read');
        const whole = new Set([sha256(before), sha256(after)]);
        const parts = Object.entries(seen).filter(([hash]) => !whole.has(hash));
        assert.deepEqual(parts, [], `reads that were neither the old file nor the new one (of ${JSON.stringify(seen)})`);
        assert.ok((seen[sha256(before)] ?? 0) > 0, 'the reader read the old file while the run went on');
        const left = readdirSync(join(created.fsPath, '..')).filter((name) => name.endsWith('.circassian-tmp'));
        assert.deepEqual(left, [], 'no temporary file stays beside it');
      } finally {
        await setSetting('memory.enabled', undefined);
      }
    });
  });
}
