#!/usr/bin/env node
// `pnpm circassian [command]`: the CLI from its TypeScript source (the workspace's `@circassian/cli/bin`, packages/cli/src/bin.ts).
import { register } from 'tsx/esm/api';

register();
await import('@circassian/cli/bin');
