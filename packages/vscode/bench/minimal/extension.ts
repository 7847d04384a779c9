// The baseline of the activation and bundle-size benchmark: the smallest useful extension (one
// command, one status bar item), bundled exactly like the real one.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  item.text = 'minimal';
  context.subscriptions.push(
    item,
    vscode.commands.registerCommand('benchMinimal.hello', () => 'hello'),
  );
}

export function deactivate(): void {}
