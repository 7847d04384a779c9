// `pnpm sync-shared`: copies each shared file into the package that ships it (see shared-copies.ts).
import { copyFileSync } from 'node:fs';
import { relative } from 'node:path';
import { SHARED_COPIES } from './shared-copies.js';

for (const { source, copy } of SHARED_COPIES) {
  copyFileSync(source, copy);
  console.log(`${relative(process.cwd(), source)} -> ${relative(process.cwd(), copy)}`);
}
