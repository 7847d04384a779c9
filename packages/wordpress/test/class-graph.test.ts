// The plugin's PHP drawn as a graph of classes, as test/repo/package-boundaries.test.ts draws the
// TypeScript: a class refers to another through a static call or constant (`X::`), `new X`, a type
// hint, `instanceof`, `extends` or `X::class`. No two classes may reach each other through such
// references (a circle: neither can be read, tested or moved without the other), and the root of
// includes/ holds only what loads the plugin; every other class lives in a folder named for its role
// (as WordPress/plugin-check's includes/Checker/Checks/<Category>/<X>_Check.php).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../tools/build-zip.js';
import { circlesOf, classGraph, readClassGraph } from './class-graph.js';

const INCLUDES = join(PACKAGE_DIR, 'includes');

/** What loads the plugin: the autoloader and the class that hooks every role's classes in. */
const LOADER = ['Plugin.php', 'autoload.php'];

function phpFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? phpFiles(path) : name.endsWith('.php') ? [path] : [];
	});
}

const reading = readClassGraph(phpFiles(INCLUDES).map((file) => ({ file: relative(INCLUDES, file), source: readFileSync(file, 'utf8') })));
const graph = reading.graph;

describe('the class graph', () => {
	const php = (file: string, source: string) => ({ file, source: `<?php\n${source}` });

	it('draws static calls, constants, new, type hints, instanceof and ::class, through imports and relative names', () => {
		const graph = classGraph([
			php(
				'A/One.php',
				'namespace P\\A;\nuse P\\B;\nuse P\\C\\Three as Tres;\nfinal class One { function f( B\\Two $two ): Tres { return new Four( Tres::X, \\P\\D\\Five::class ); } }',
			),
			php('B/Two.php', 'namespace P\\B;\nfinal class Two { function f( $x ) { return $x instanceof \\P\\A\\Four; } }'),
			php('C/Three.php', 'namespace P\\C;\nfinal class Three {}'),
			php('A/Four.php', 'namespace P\\A;\nfinal class Four {}'),
			php('D/Five.php', 'namespace P\\D;\nfinal class Five {}'),
		]);
		expect([...(graph.get('P\\A\\One') ?? [])].sort()).toEqual(['P\\A\\Four', 'P\\B\\Two', 'P\\C\\Three', 'P\\D\\Five']);
		expect([...(graph.get('P\\B\\Two') ?? [])]).toEqual(['P\\A\\Four']);
	});

	it('reads no reference in comments, strings, method or variable names', () => {
		const graph = classGraph([
			php(
				'One.php',
				"namespace P;\n// Two::x()\nfinal class One { /* new Two */ function f() { $Two = 'Two::X'; return $this->Two() . self::Two; } }",
			),
			php('Two.php', 'namespace P;\nfinal class Two {}'),
		]);
		expect([...(graph.get('P\\One') ?? [])]).toEqual([]);
	});

	it('reads the PHP of a template, not its HTML, and names a class that is not there', () => {
		const { graph, unknown } = readClassGraph([
			php(
				'One.php',
				'namespace P;\nfinal class One { function f() { ?>\n<a href="<?php echo Two::url(); ?>">x</a><p title="<?php echo Gone::X; ?>"></p>\n<?php } }',
			),
			php('Two.php', 'namespace P;\nfinal class Two {}'),
		]);
		expect([...(graph.get('P\\One') ?? [])]).toEqual(['P\\Two']);
		expect(unknown).toEqual(['P\\One: Gone']);
	});

	it('finds every circle, and only circles', () => {
		const graph = new Map([
			['Circassian\\A', new Set(['Circassian\\B'])],
			['Circassian\\B', new Set(['Circassian\\C'])],
			['Circassian\\C', new Set(['Circassian\\A'])],
			['Circassian\\D', new Set(['Circassian\\A'])],
		]);
		expect(circlesOf(graph)).toEqual(['A -> B; B -> C; C -> A']);
	});
});

describe("the plugin's PHP classes", () => {
	it('are found with their references (the graph is not empty)', () => {
		expect(graph.size).toBeGreaterThan(60);
		expect(graph.get('Circassian\\Plugin')?.size).toBeGreaterThan(10);
	});

	it('name only classes that exist (a reference left behind by a move fails only when its line runs)', () => {
		expect(reading.unknown).toEqual([]);
	});

	it('refer to each other without a circle', () => {
		expect(circlesOf(graph)).toEqual([]);
	});

	it('stand in folders named for their role: the root of includes/ holds only the loader', () => {
		const root = readdirSync(INCLUDES).filter((name) => statSync(join(INCLUDES, name)).isFile());
		expect(root.sort()).toEqual(LOADER);
	});
});
