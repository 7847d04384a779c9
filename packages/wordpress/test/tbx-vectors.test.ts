// vectors/glossary-tbx.json is what core reads and writes as TBX now: the PHP reader and writer
// are held to it (test/phpunit/Glossary/Glossary_Tbx_Tests.php), so a change in core's TBX that
// is not made in the plugin fails here first. Written by tools/tbx-vectors.ts.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { tbxVectors, TBX_VECTORS_PATH } from '../tools/tbx-vectors.js';

it("vectors/glossary-tbx.json is core's readTbx and writeTbx as they are now (run tools/tbx-vectors.ts when core's TBX changes)", async () => {
	expect(JSON.parse(readFileSync(TBX_VECTORS_PATH, 'utf8'))).toEqual(await tbxVectors());
});
