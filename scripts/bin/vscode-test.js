#!/usr/bin/env node
// `pnpm vscode-test <module> [flags]`: a module run inside the real VS Code extension host (@circassian/test-support's src/hosts/vscode/vscode-test.ts).
import { register } from 'tsx/esm/api';

register();
const { vscodeTestMain } = await import('@circassian/test-support/hosts/vscode/vscode-test.js');
process.exitCode = await vscodeTestMain();
