// `pnpm package`: every installable artifact into a fresh dist/ at the root, and dist/manifest.json
// listing them ({"artifacts": [{"name", "kind", "file", "version"}]}, `file` relative to dist/):
//   - the npm tarballs of @circassian/core, sandbox, cli and strapi-plugin, as `pnpm pack` makes
//     them (what `pnpm publish` uploads: workspace ranges replaced by versions);
//   - the VS Code extension's .vsix (packages/vscode `pnpm package`);
//   - the WordPress plugin zip with the Playground blueprint beside it (packages/wordpress `pnpm package`),
//     and the blueprint of the plugin directory's Live Preview (directory-blueprint.json).
// Each plugin is built by its own package script; this only collects the outputs.
import { relative } from 'node:path';
import { DIST_DIR, MANIFEST_PATH } from './artifacts.js';
import { packageAll } from './pack-artifacts.js';

const artifacts = await packageAll();
for (const artifact of artifacts) console.log(`dist/${artifact.file}  (${artifact.kind} ${artifact.name} ${artifact.version})`);
console.log(`dist/${relative(DIST_DIR, MANIFEST_PATH)}`);
