#!/usr/bin/env node
// `pnpm sandbox [flags]`: the local service from its TypeScript source (see packages/sandbox/src/bin.ts).
import { register } from 'tsx/esm/api';

register();
await import('../../packages/sandbox/src/bin.ts');
