// `pnpm package` (in packages/wordpress, or `pnpm -r package` from the root): the installable zip.
// `--if-changed` (what `pnpm host wordpress` passes) keeps a zip made from the same sources.
import { relative } from 'node:path';
import { buildPluginZip } from './build-zip.js';

const zip = await buildPluginZip({ force: !process.argv.includes('--if-changed') });
console.log(`Plugin zip: ${relative(process.cwd(), zip)}`);
