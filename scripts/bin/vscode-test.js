#!/usr/bin/env node
// `pnpm vscode-test <module> [flags]`: a module run inside the real VS Code extension host (see scripts/hosts/vscode/vscode-test.ts).
import { register } from 'tsx/esm/api';

register();
const { vscodeTestMain } = await import('../hosts/vscode/vscode-test.ts');
process.exitCode = await vscodeTestMain();
