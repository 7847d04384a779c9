#!/usr/bin/env node
// `pnpm circassian [command]`: the CLI from its TypeScript source (see packages/cli/src/bin.ts).
import { register } from 'tsx/esm/api';

register();
await import('../../packages/cli/src/bin.ts');
