// The translatable strings of the editor scripts (calls of @wordpress/i18n's __, _x, _n and _nx
// with the plugin's text domain, read with Babel's parser), the block.json fields WordPress
// translates (title, description, keywords, in the contexts `wp i18n make-pot` gives them), and
// which source files each built script is made of (its relative imports, followed).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from '@babel/parser';
import type { Comment, Node } from '@babel/types';

export interface FoundString {
  readonly id: string;
  readonly plural?: string;
  readonly context?: string;
  readonly comment?: string;
  /** The file, relative to the plugin folder. */
  readonly reference: string;
}

export const TEXT_DOMAIN = 'circassian';

/** Function => the argument positions of msgid, plural, context and domain. */
const GETTEXT: Record<string, { id: number; plural?: number; context?: number; domain: number }> = {
  __: { id: 0, domain: 1 },
  _x: { id: 0, context: 1, domain: 2 },
  _n: { id: 0, plural: 1, domain: 3 },
  _nx: { id: 0, plural: 1, context: 3, domain: 4 },
};

function parseModule(file: string) {
  return parse(readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['jsx'] });
}

function literal(node: Node | undefined): string | undefined {
  if (node?.type === 'StringLiteral') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** Every node of the tree, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record['type'] === 'string') yield node as Node;
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments' && key !== 'innerComments') yield* walk(value);
  }
}

function translatorComment(comments: readonly Comment[], line: number): string | undefined {
  const found = comments.filter(
    (comment) =>
      /translators:/i.test(comment.value) &&
      comment.loc !== undefined &&
      comment.loc !== null &&
      (comment.loc.end.line === line || comment.loc.end.line === line - 1),
  );
  const last = found[found.length - 1];
  return last
    ? last.value
        .replace(/^\s*\*+|\*+\s*$/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
}

export function stringsOfScript(pluginDir: string, file: string): FoundString[] {
  const ast = parseModule(file);
  const found: FoundString[] = [];
  for (const node of walk(ast.program)) {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier') continue;
    const spec = GETTEXT[node.callee.name];
    if (!spec || literal(node.arguments[spec.domain] as Node | undefined) !== TEXT_DOMAIN) continue;
    const id = literal(node.arguments[spec.id] as Node | undefined);
    if (id === undefined) continue;
    const plural = spec.plural === undefined ? undefined : literal(node.arguments[spec.plural] as Node | undefined);
    const context = spec.context === undefined ? undefined : literal(node.arguments[spec.context] as Node | undefined);
    const comment = translatorComment(ast.comments ?? [], node.loc?.start.line ?? 0);
    found.push({
      id,
      ...(plural === undefined ? {} : { plural }),
      ...(context === undefined ? {} : { context }),
      ...(comment === undefined ? {} : { comment }),
      reference: relative(pluginDir, file),
    });
  }
  return found;
}

/** The strings WordPress translates from a block.json, with make-pot's contexts. */
export function stringsOfBlockJson(pluginDir: string, file: string): FoundString[] {
  const block = JSON.parse(readFileSync(file, 'utf8')) as { title?: string; description?: string; keywords?: string[] };
  const reference = relative(pluginDir, file);
  return [
    ...(block.title ? [{ id: block.title, context: 'block title', reference }] : []),
    ...(block.description ? [{ id: block.description, context: 'block description', reference }] : []),
    ...(block.keywords ?? []).map((keyword) => ({ id: keyword, context: 'block keyword', reference })),
  ];
}

/** The source files a script entry is built from: the entry and every file its relative imports reach. */
export function moduleFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !file.endsWith('.js')) return;
    seen.add(file);
    for (const node of walk(parseModule(file).program)) {
      const source =
        node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration'
          ? node.source?.value
          : undefined;
      if (typeof source === 'string' && source.startsWith('.')) visit(resolve(dirname(file), source));
    }
  };
  visit(resolve(entry));
  return [...seen].sort();
}

/** The plugin's built scripts and their entries: the blocks' editor scripts (block.json) and the extra entries. */
export function scriptEntries(
  pluginDir: string,
  blockJsonFiles: readonly string[],
  extraEntries: Readonly<Record<string, string>>,
): Array<{ built: string; entry: string }> {
  const fromBlocks = blockJsonFiles.flatMap((file) => {
    const script = (JSON.parse(readFileSync(file, 'utf8')) as { editorScript?: string }).editorScript;
    if (!script?.startsWith('file:')) return [];
    const entry = join(dirname(file), script.slice('file:'.length));
    return [{ built: relative(pluginDir, entry).replace(/^src\//, 'build/'), entry }];
  });
  const extra = Object.entries(extraEntries).map(([name, entry]) => ({ built: `build/${name}.js`, entry: join(pluginDir, entry) }));
  return [...fromBlocks, ...extra];
}
