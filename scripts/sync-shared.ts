// `pnpm sync-shared`: copies each shared file into the package that ships it, or writes the code
// rendered from it (see shared-copies.ts).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expectedCopy, SHARED_COPIES } from './shared-copies.js';

for (const entry of SHARED_COPIES) {
  writeFileSync(entry.copy, expectedCopy(entry));
  console.log(`${relative(process.cwd(), entry.source)} -> ${relative(process.cwd(), entry.copy)}`);
}
