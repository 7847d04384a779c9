// vectors/tmx-level2.json is what core writes and reads now: the PHP writer and reader are held to
// it (test/phpunit/Memory/Tmx_Writer_Tests.php, Tmx_Reader_Tests.php), so a change in core's TMX
// that is not made in the plugin fails here first. Written by tools/tmx-vectors.ts.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { tmxVectors, VECTORS_PATH } from '../tools/tmx-vectors.js';

it("vectors/tmx-level2.json is core's writeTmx and readTmx as they are now (run tools/tmx-vectors.ts when core's TMX changes)", async () => {
	expect(JSON.parse(readFileSync(VECTORS_PATH, 'utf8'))).toEqual(await tmxVectors());
});
