// The workspace folder `pnpm host vscode` opens when no --folder is given: a scratch folder with a
// short Kabardian sample (palochka look-alikes included, so the diagnostics show at once).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SAMPLE_FILE = 'sample.md';

const SAMPLE = `# Кабардей псалъэхэр

Сэ сыкIуэнущ. Уи пщэддджыжь фIыуэ!

Пщы1уэ мэкIуэ - palochka look-alikes (I, 1) are marked; Ctrl+. fixes them.

Select a line and run **Circassian: Translate Selection** (Ctrl+K K).
`;

export function createSampleWorkspace(): string {
  const folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-workspace-'));
  writeFileSync(join(folder, SAMPLE_FILE), SAMPLE);
  return folder;
}
