// Who teaches the memory, as the units' `creator` (TMX `creationid`), so a team reviewing its
// memory sees who taught what (Review Translation Memory) and can take back everything one person
// taught: circassian.memory.author (a user setting: a repository cannot sign in someone's name),
// else the name Git knows (`user.name`, through VS Code's Git extension when it runs, else `git
// config`), else the user name on this machine. Asked once a session; only a trusted workspace teaches.
import { execFile } from 'node:child_process';
import { userInfo } from 'node:os';
import * as vscode from 'vscode';
import type { ConfigStore } from '../config';

/** The part of VS Code's Git extension API read here. */
interface GitApi {
  readonly repositories: readonly { getConfig(key: string): Promise<string>; getGlobalConfig(key: string): Promise<string> }[];
}

async function fromGitExtension(): Promise<string | undefined> {
  const git = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  if (!git?.isActive) return undefined;
  const repository = git.exports.getAPI(1).repositories[0];
  const name =
    (await repository?.getConfig('user.name').catch(() => '')) || (await repository?.getGlobalConfig('user.name').catch(() => ''));
  return name?.trim() || undefined;
}

function fromGitCommand(cwd: string | undefined): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile('git', ['config', 'user.name'], { cwd, timeout: 5_000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    ),
  );
}

export class MemoryAuthor {
  #found: Promise<string> | undefined;

  constructor(private readonly config: ConfigStore) {
    config.onDidChange(() => (this.#found = undefined));
  }

  /** The name units this person teaches are signed with. */
  name(): Promise<string> {
    const set = this.config.current.memory.author;
    if (set) return Promise.resolve(set);
    this.#found ??= (async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      const cwd = folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
      return (await fromGitExtension()) ?? (await fromGitCommand(cwd)) ?? userInfo().username;
    })();
    return this.#found;
  }
}
