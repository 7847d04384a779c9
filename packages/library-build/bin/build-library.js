#!/usr/bin/env node
// `build-library` (a library package's `pnpm build` and `prepack`): src/build-library.ts from its TypeScript source.
import { register } from 'tsx/esm/api';

register();
await import('../src/build-library.ts');
