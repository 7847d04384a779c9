#!/usr/bin/env node
// `pnpm host <name> [flags]`: one of the plugin hosts from its TypeScript source (see scripts/host.ts).
import { register } from 'tsx/esm/api';

register();
await import('../host.ts');
