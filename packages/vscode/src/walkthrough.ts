// The walkthrough "Get started with Circassian" (package.json contributes.walkthroughs): each step
// ticks on what was done (an address set, a key stored or in the environment, a translation that
// succeeded). Its onContext completion events tick a step only when the key turns true after the
// Welcome page's service started; code-server starts that service when the Welcome page first
// opens, so an editor already set up showed both setup steps unticked. Each step is therefore also
// marked done (or not done again) through the Welcome page's own commands, whatever the order.
import * as vscode from 'vscode';

export type SetupStep = 'baseUrl' | 'key' | 'try';

const CONTEXT: Record<SetupStep, string> = {
  baseUrl: 'circassian.baseUrlSet',
  key: 'circassian.keySet',
  try: 'circassian.translatedOnce',
};

/**
 * Sets the step's context key and marks the step on the Welcome page: complete when done, and
 * incomplete again when undone (an address cleared stayed ticked: the page keeps a step's
 * completion once it is marked, whatever its context key says later).
 */
export async function markSetupStep(step: SetupStep, done = true): Promise<void> {
  await vscode.commands.executeCommand('setContext', CONTEXT[step], done);
  const id = `circassian.circassian#circassian.setup#circassian.setup.${step}`;
  // Not part of the extension API: a build without the Welcome page has no such command, and the
  // context key is all it can use.
  await vscode.commands
    .executeCommand(done ? 'welcome.markStepComplete' : 'welcome.markStepIncomplete', id)
    .then(undefined, () => undefined);
}
