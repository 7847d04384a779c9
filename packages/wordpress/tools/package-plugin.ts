// `pnpm package` (in packages/wordpress, or `pnpm -r package` from the root): the installable zip.
import { relative } from 'node:path';
import { buildPluginZip } from './build-zip.js';

const zip = await buildPluginZip({ force: true });
console.log(`Plugin zip: ${relative(process.cwd(), zip)}`);
