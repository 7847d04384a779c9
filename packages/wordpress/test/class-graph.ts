/**
 * The references between the plugin's PHP classes, read from their source without running it:
 * every class name a file writes (a static call or constant `X::`, `new X`, a type hint,
 * `instanceof`, `extends`, `X::class`), resolved as PHP resolves it (the file's namespace, its
 * `use` imports, a leading backslash), and kept when it names another class of the plugin.
 */

export interface PhpFile {
	/** The path, for messages. */
	readonly file: string;
	readonly source: string;
}

/** Each class's fully qualified name, and the plugin's classes it refers to. */
export type ClassGraph = Map<string, Set<string>>;

/**
 * The graph, and each `Name::` or `new Name` written in a file that names no class of the plugin
 * while it resolves into the plugin's namespace (a class moved and a reference left behind, which
 * PHP finds only when that line runs).
 */
export interface ClassGraphReading {
	readonly graph: ClassGraph;
	readonly unknown: readonly string[];
}

/**
 * Only the PHP: what a template prints between `?>` and `<?php` (HTML, whose quotes are no PHP
 * strings) out, then comments, strings and heredocs, so a name in words or a hook's name is not a
 * reference.
 */
function code(source: string): string {
	const php = source.replace(/\?>[\s\S]*?(<\?php|$)/g, ' $1').replace(/<\?php/g, ' ');
	return php.replace(
		/\/\*[\s\S]*?\*\/|\/\/[^\n]*|#(?!\[)[^\n]*|'(?:\\[\s\S]|[^'\\])*'|"(?:\\[\s\S]|[^"\\])*"|<<<\s*'?(\w+)'?\n[\s\S]*?\n\s*\1\b/g,
		' ',
	);
}

interface Declared {
	readonly name: string;
	readonly namespace: string;
	readonly imports: ReadonlyMap<string, string>;
	readonly body: string;
}

function declared({ file, source }: PhpFile): Declared | undefined {
	const body = code(source);
	const namespace = /^\s*namespace\s+([\w\\]+)\s*;/m.exec(body)?.[1] ?? '';
	const name = /^\s*(?:final\s+|abstract\s+|readonly\s+)*(?:class|interface|trait|enum)\s+(\w+)/m.exec(body)?.[1];
	if (name === undefined) return undefined;
	const imports = new Map<string, string>();
	for (const match of body.matchAll(/^\s*use\s+([\w\\]+)(?:\s+as\s+(\w+))?\s*;/gm)) {
		const target = (match[1] ?? '').replace(/^\\/, '');
		imports.set(match[2] ?? target.split('\\').pop() ?? target, target);
	}
	if (!file.endsWith(`${name}.php`)) throw new Error(`${file} declares ${name}: one class a file, named for it`);
	return { name: namespace ? `${namespace}\\${name}` : name, namespace, imports, body };
}

/** The fully qualified class a name written in a file means. */
function resolve(written: string, { namespace, imports }: Declared): string {
	if (written.startsWith('\\')) return written.slice(1);
	const [first = '', ...rest] = written.split('\\');
	const imported = imports.get(first);
	if (imported !== undefined) return [imported, ...rest].join('\\');
	return namespace ? `${namespace}\\${written}` : written;
}

export function classGraph(files: readonly PhpFile[]): ClassGraph {
	return readClassGraph(files).graph;
}

export function readClassGraph(files: readonly PhpFile[]): ClassGraphReading {
	const classes = files.flatMap((file) => declared(file) ?? []);
	const known = new Set(classes.map((declaration) => declaration.name));
	const root = classes[0]?.name.split('\\')[0] ?? '';
	const graph: ClassGraph = new Map();
	const unknown: string[] = [];
	for (const declaration of classes) {
		const refers = new Set<string>();
		// A name not after `->`, `$`, `::` or `function` (a method, a variable, a constant's name),
		// nor in a `use` or `namespace` line (an import is no reference until the name is used).
		const body = declaration.body.replace(/^\s*(?:use|namespace)\s+[^;]*;/gm, ' ');
		for (const match of body.matchAll(/(?<![\w\\$>:]|->|::)(\\?[A-Za-z_]\w*(?:\\\w+)*)\b(?!\s*\()/g)) {
			const target = resolve(match[1] ?? '', declaration);
			if (target !== declaration.name && known.has(target)) refers.add(target);
		}
		// `X::method()` and `new X()`: a name followed by `(` only after `new`, or before `::`.
		for (const match of body.matchAll(/(?:\bnew\s+)(\\?[A-Za-z_]\w*(?:\\\w+)*)\s*\(/g)) {
			const target = resolve(match[1] ?? '', declaration);
			if (target !== declaration.name && known.has(target)) refers.add(target);
		}
		for (const match of body.matchAll(/(?<![\w\\$>:]|->|::)(?:new\s+)?(\\?[A-Za-z_]\w*(?:\\\w+)*)(?=\s*::|\s*\()/g)) {
			const written = match[1] ?? '';
			const isClass = /^new\s/.test(match[0]) || /^\s*::/.test(body.slice((match.index ?? 0) + match[0].length));
			const target = resolve(written, declaration);
			if (isClass && !['self', 'static', 'parent'].includes(written) && target.startsWith(`${root}\\`) && !known.has(target)) {
				unknown.push(`${declaration.name}: ${written}`);
			}
		}
		graph.set(declaration.name, refers);
	}
	return { graph, unknown };
}

/**
 * The circles of a graph: each strongly connected set of two or more classes (Tarjan), as one
 * line naming its classes and, for each, the ones of the set it refers to.
 */
export function circlesOf(graph: ClassGraph): string[] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const sets: string[][] = [];
	let next = 0;
	const visit = (node: string): void => {
		index.set(node, next);
		low.set(node, next);
		next += 1;
		stack.push(node);
		onStack.add(node);
		for (const target of graph.get(node) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
			} else if (onStack.has(target)) {
				low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
			}
		}
		if (low.get(node) === index.get(node)) {
			const set: string[] = [];
			let member: string | undefined;
			do {
				member = stack.pop();
				if (member === undefined) break;
				onStack.delete(member);
				set.push(member);
			} while (member !== node);
			if (set.length > 1) sets.push(set.sort());
		}
	};
	for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
	const short = (name: string): string => name.replace(/^Circassian\\/, '');
	return sets
		.map((set) =>
			set
				.map(
					(member) =>
						`${short(member)} -> ${[...(graph.get(member) ?? [])]
							.filter((target) => set.includes(target))
							.map(short)
							.sort()
							.join(', ')}`,
				)
				.join('; '),
		)
		.sort();
}
