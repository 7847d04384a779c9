// `tsx scripts/install-hosts.ts`: installs everything the tests need on a fresh machine, as
// `pnpm test` does beside its first steps (scripts/test.ts, scripts/host-installs.ts). Already
// installed parts take a moment.
import { log } from '@circassian/test-support/hosts/lib/log.js';
import { installForEndToEnd, installForUnitTests } from './host-installs.js';

const started = Date.now();
await installForUnitTests();
await installForEndToEnd();
log(`hosts installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
