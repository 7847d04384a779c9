#!/usr/bin/env node
// `pnpm host <name> [flags]`: one of the plugin hosts from its TypeScript source (@circassian/test-support's src/host.ts).
import { register } from 'tsx/esm/api';

register();
await import('@circassian/test-support/host.js');
