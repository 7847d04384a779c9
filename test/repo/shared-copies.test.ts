import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_COPIES } from '@circassian/scripts/shared-copies.js';

describe('the shared files packages carry', () => {
  it.each(SHARED_COPIES.map((entry) => [relative(process.cwd(), entry.copy), entry] as const))(
    '%s is the same as its shared source (run `pnpm sync-shared` after editing shared/)',
    (_name, { source, copy }) => {
      expect(readFileSync(copy, 'utf8')).toBe(readFileSync(source, 'utf8'));
    },
  );
});
