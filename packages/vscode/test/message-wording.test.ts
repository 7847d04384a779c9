// The extension's messages as a reader meets them (issue 33's smaller items): a sentence ending in a
// command's name with its ellipsis gets no second full stop ("Translate From…."), and a count of
// units or texts has its singular beside it ("1 units").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const SOURCE = join(import.meta.dirname, '..', 'src');

/** Every literal template given to vscode.l10n.t in src/ (`within`: only inside calls whose callee ends so). */
function messages(within?: string): string[] {
  const found: string[] = [];
  for (const file of readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(SOURCE, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node, inside: boolean): void => {
      const [first] = ts.isCallExpression(node) ? node.arguments : [];
      if (
        inside &&
        ts.isCallExpression(node) &&
        node.expression.getText(source) === 'vscode.l10n.t' &&
        first &&
        ts.isStringLiteralLike(first)
      )
        found.push(first.text);
      const entering = ts.isCallExpression(node) && within !== undefined && node.expression.getText(source).endsWith(within);
      ts.forEachChild(node, (child) => visit(child, inside || entering));
    };
    visit(source, within === undefined);
  }
  return found;
}

test('no message ends a sentence with an ellipsis and a full stop', () => {
  expect(messages().filter((message) => /…\./.test(message))).toEqual([]);
});

test('a counted “{0} units” or “{0} translation units” message has a singular one beside it', () => {
  const all = messages();
  const counted = all.filter((message) => /^\{0\} (?:translation )?units\b/.test(message));
  // The singular: `1 … unit`, the other arguments numbered one lower.
  const singular = (message: string): string =>
    message.replace(/^\{0\} (translation )?units/, '1 $1unit').replace(/\{(\d+)\}/g, (_, n: string) => `{${Number(n) - 1}}`);
  const missing = counted.filter((message) => !all.includes(singular(message)));
  expect(missing).toEqual([]);
});

test('a status bar message fits beside VS Code’s own items at 1,400 px: 80 characters with its arguments', () => {
  // An argument counts as 12 characters (a language's title, a count, a file name); an icon as 2.
  const width = (template: string): number => template.replace(/\{\d+\}/g, 'x'.repeat(12)).replace(/\$\([\w-]+\)/g, 'xx').length;
  const long = messages('setStatusBarMessage').filter((message) => width(message) > 80);
  expect(long).toEqual([]);
});
