#!/usr/bin/env node
// `pnpm sandbox [flags]`: the local service from its TypeScript source (the workspace's `@circassian/sandbox/bin`, packages/sandbox/src/bin.ts).
import { register } from 'tsx/esm/api';

register();
await import('@circassian/sandbox/bin');
