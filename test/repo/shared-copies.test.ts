import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedCopy, SHARED_COPIES } from '@circassian/scripts/shared-copies.js';

describe('the shared files packages carry', () => {
  it.each(SHARED_COPIES.map((entry) => [relative(process.cwd(), entry.copy), entry] as const))(
    '%s is the same as its shared source, or as what its renderer writes from it (run `pnpm sync-shared` after editing shared/)',
    (_name, entry) => {
      expect(readFileSync(entry.copy, 'utf8')).toBe(expectedCopy(entry));
    },
  );
});
