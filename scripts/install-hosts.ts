// Installs what every host and the browser tests need, one host after another (two cores: never
// two heavy installs at once). `pnpm test` runs it before the tests, so a fresh machine gets
// everything and no test times out on an install. Already-installed parts take a moment.
import { HOST_NAMES, loadHost } from '@circassian/test-support/hosts/index.js';
import { ensureDebianPackages } from '@circassian/test-support/hosts/lib/apt.js';
import { ensureBrowser } from '@circassian/test-support/hosts/lib/browser.js';
import { log } from '@circassian/test-support/hosts/lib/log.js';
import { installPlaygroundCli } from '@circassian/test-support/hosts/wordpress/playground-cli.js';

const started = Date.now();
await ensureBrowser();
// What the unit tests check written files with: gettext's msgfmt --check (PO) and PyYAML (YAML);
// and lame, the MP3 encoder the WordPress plugin looks for to give its podcast feed MP3 enclosures.
await ensureDebianPackages(['gettext', 'python3-yaml', 'lame']);
for (const name of HOST_NAMES) {
  const begun = Date.now();
  await (await loadHost(name)).install();
  log(`${name}: installed (${((Date.now() - begun) / 1000).toFixed(1)} s)`);
}
// The release test runs the WordPress blueprint in Playground's own CLI.
await installPlaygroundCli();
log(`hosts installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
