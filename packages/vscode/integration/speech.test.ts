// Speech: short text answered at once, long text through a job, both saved as WAV into
// circassian.speech.folder; a kept job resumed by id; while the player plays, Pause (Play) and Stop
// in the status bar act on its <audio>, and go when it stops or ends. Sentence by sentence through
// core's speech memory: an edited sentence is the only one paid again; the sentence being read is
// highlighted in the editor as the audio plays, and the highlight goes when it ends or the text changes.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { calls, command, EXTENSION_ID, extensionApi, openWorkspaceFile, selectLines, serviceUrl, setSetting, until } from './helpers';

function assertWav(file: string): void {
  assert.ok(existsSync(file), `${file} exists`);
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
  assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WAVE');
}

function inSpeechFolder(file: string, folderName: string): void {
  const workspace = vscode.workspace.workspaceFolders?.[0];
  assert.ok(workspace);
  assert.ok(file.startsWith(`${vscode.Uri.joinPath(workspace.uri, folderName).fsPath}/`), `${file} is in ${folderName}`);
}

export function speechTests(): void {
  suite('speech', () => {
    setup(() => setSetting('speech.folder', 'audio-out'));
    teardown(async () => {
      await setSetting('speech.folder', undefined);
      await setSetting('speech.speed', undefined);
    });

    test('speakSelection() with no argument speaks with the settings, in one step: no question asked', async () => {
      await setSetting('speech.speed', 1.6);
      const editor = await openWorkspaceFile('one-key.md', 'Сэ сыкӀуэнущ.\n');
      selectLines(editor, [0]);
      // A prompt would hold the command open until the test times out.
      const outcome = await command<{ file: string; durationSeconds: number }>('circassian.speakSelection');
      assert.equal(outcome.status, 'ok');
      assertWav(outcome.file);
      const explicit = await command<{ durationSeconds: number }>('circassian.speakSelection', { speed: 1.6, play: false });
      assert.equal(outcome.durationSeconds, explicit.durationSeconds, 'the speed setting was used');
    });

    test('speakSelectionWithOptions() asks, offering the last choices first; ({ language, voice, speed }) skips the questions', async () => {
      const editor = await openWorkspaceFile('options.md', 'Сэ сыкӀуэнущ.\n');
      selectLines(editor, [0]);
      const given = await command<{ durationSeconds: number }>('circassian.speakSelectionWithOptions', {
        language: 'kbd',
        voice: 'female',
        speed: 1.9,
        play: false,
      });
      assert.equal(given.status, 'ok');
      // Now asked: accepting every proposed answer repeats the last choices (speed 1.9, not the setting's 0.85).
      let done = false;
      const asked = Promise.resolve(command<{ durationSeconds: number }>('circassian.speakSelectionWithOptions')).finally(
        () => (done = true),
      );
      await until(
        'the questions to be answered',
        async () => {
          if (done) return true;
          await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
          await new Promise((resolve) => setTimeout(resolve, 250));
          return done;
        },
        30_000,
      );
      const outcome = await asked;
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.durationSeconds, given.durationSeconds);
    });

    test('speakSelection({ language, voice, speed, save: true }) speaks short text at once and saves the WAV in the speech folder', async () => {
      const editor = await openWorkspaceFile('short.md', 'Сэ сыкӀуэнущ.\n');
      selectLines(editor, [0]);
      const outcome = await command<{ file: string; durationSeconds: number; jobId?: string }>('circassian.speakSelection', {
        language: 'kbd',
        voice: 'female',
        speed: 1.2,
        play: false,
        save: true,
      });
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.jobId, undefined);
      assert.ok(outcome.durationSeconds > 0);
      assertWav(outcome.file);
      inSpeechFolder(outcome.file, 'audio-out');
    });

    test('the same text and voice are never paid twice, one player tab is reused, and nothing goes into the workspace unless asked', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const editor = await openWorkspaceFile('twice.md', 'Уи пщэддджыжь фӀыуэ, си ныбжьэгъу.\n');
      selectLines(editor, [0]);
      const before = (await calls('speech')).length;
      const first = await command<{ file: string; saved: boolean; cached: boolean }>('circassian.speakSelection', { speed: 1.1 });
      const second = await command<{ file: string; saved: boolean; cached: boolean }>('circassian.speakSelection', { speed: 1.1 });
      assert.equal(first.status, 'ok', JSON.stringify(first));
      assert.deepEqual([first.cached, second.cached], [false, true]);
      assert.equal((await calls('speech')).length - before, 1, 'one speech call for two Speaks');
      assertWav(second.file);
      const workspace = vscode.workspace.workspaceFolders?.[0];
      assert.ok(workspace);
      assert.ok(!first.file.startsWith(workspace.uri.fsPath) && !first.saved, `kept out of the workspace: ${first.file}`);
      assert.ok(!existsSync(join(workspace.uri.fsPath, 'audio-out', 'twice')), 'no speech folder written');
      const players = vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('circassian.player'));
      assert.equal(players.length, 1, 'one player tab');
      // The player names no path of the extension's cache (it showed its global-storage path): it says the audio is not saved.
      const { player } = await extensionApi();
      // What the tab shows: its text, not the audio element's source (a webview resource URI) or the script.
      const shown = (): string => (player.page ?? '').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]*>/g, ' ');
      const cache = first.file.slice(0, first.file.lastIndexOf('/'));
      assert.ok(!shown().includes(cache) && !shown().includes('globalStorage'), shown());
      assert.match(shown(), /Not saved in the workspace/);
      // A different speed is different audio: paid once more.
      await command('circassian.speakSelection', { speed: 1.3, play: false });
      assert.equal((await calls('speech')).length - before, 2);
      // Asked: saved into the speech folder, still not paid again.
      const saved = await command<{ file: string; saved: boolean }>('circassian.speakSelection', { speed: 1.1, save: true });
      assert.equal(saved.saved, true);
      inSpeechFolder(saved.file, 'audio-out');
      assert.match(shown(), /Saved as\s+audio-out\/[^\s]+\.wav/);
      assert.equal((await calls('speech')).length - before, 2);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('Save Speech As… saves the last spoken audio where asked ({ uri }), from the palette and the player tab’s title bar; nothing is paid again', async () => {
      const contributes = (
        vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
          contributes: { menus: Record<string, { command: string; when?: string }[]> };
        }
      ).contributes;
      assert.deepEqual(
        contributes.menus['editor/title']?.find((item) => item.command === 'circassian.saveSpeech')?.when,
        "activeWebviewPanelId == 'circassian.player'",
      );
      assert.equal(
        contributes.menus.commandPalette?.find((item) => item.command === 'circassian.saveSpeech')?.when,
        'circassian.hasSpeech',
      );
      const editor = await openWorkspaceFile('keep-this.md', 'Сэ сыкӀуэнущ, уэри укъыздэкӀуэ.\n');
      selectLines(editor, [0]);
      const spoken = await command<{ file: string; saved: boolean }>('circassian.speakSelection', { play: false });
      assert.equal(spoken.status, 'ok', JSON.stringify(spoken));
      assert.equal(spoken.saved, false);
      const before = (await calls('speech')).length;
      const workspace = vscode.workspace.workspaceFolders?.[0];
      assert.ok(workspace);
      const target = vscode.Uri.joinPath(workspace.uri, 'kept', 'greeting.wav');
      const saved = await command<{ file: string }>('circassian.saveSpeech', { uri: target.toString() });
      assert.equal(saved.status, 'ok', JSON.stringify(saved));
      assert.equal(saved.file, target.fsPath);
      assert.deepEqual(readFileSync(target.fsPath), readFileSync(spoken.file), 'the spoken audio, byte for byte');
      assert.equal((await calls('speech')).length, before, 'saving pays nothing');
    });

    test('long text goes through a job; the player opens and a link can be inserted', async () => {
      // One sentence over the service's 1,500 characters: the speech memory voices it as one part, a job.
      const long = `${Array.from({ length: 60 }, (_, index) => `Сэ сыкӀуэнущ ${index + 1}, уи пщэддджыжь фӀыуэ`).join(', ')}.`;
      const editor = await openWorkspaceFile('long.md', `${long}\n`);
      selectLines(editor, [0]);
      const outcome = await command<{ file: string; jobId?: string }>('circassian.speakSelection', {
        language: 'kbd',
        voice: 'male',
        speed: 0.9,
        insertLink: true,
      });
      assert.equal(outcome.status, 'ok');
      assert.ok(outcome.jobId, 'a job was used');
      assertWav(outcome.file);
      inSpeechFolder(outcome.file, 'audio-out');
      assert.match(editor.document.lineAt(1).text, /^\[🔊 .*\]\(audio-out\/.*\.wav\)$/);
      const jobs = await calls('jobs');
      assert.ok(jobs.length > 0, 'the job was polled');
    });

    test('circassian.speech.folder is a restricted setting: an untrusted workspace cannot set it', () => {
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        capabilities?: { untrustedWorkspaces?: { restrictedConfigurations?: string[] } };
      };
      assert.ok(manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations?.includes('circassian.speech.folder'));
    });

    for (const [what, folder] of [
      ['an absolute path outside the workspace', join(tmpdir(), `circassian-outside-${process.pid}`)],
      ['a relative path that climbs out of it', '../circassian-escape'],
    ] as const) {
      test(`a speech folder outside the workspace is refused before anything is paid: ${what}`, async () => {
        await setSetting('speech.folder', folder);
        const editor = await openWorkspaceFile('outside.md', 'Сэ сыкӀуэнущ.\n');
        selectLines(editor, [0]);
        const before = (await calls('speech')).length;
        const outcome = await command('circassian.speakSelection', { language: 'kbd', voice: 'female', speed: 1, play: false, save: true });
        assert.equal(outcome.status, 'error');
        assert.equal(outcome.errorType, 'setup_speech_folder');
        assert.match(outcome.message ?? '', /outside the workspace folder/);
        assert.match(outcome.message ?? '', /circassian\.speech\.folder/);
        assert.equal((await calls('speech')).length, before, 'no speech was requested');
        const workspace = vscode.workspace.workspaceFolders?.[0];
        assert.ok(workspace);
        assert.ok(!existsSync(folder.startsWith('/') ? folder : join(workspace.uri.fsPath, folder)), 'no folder was made');
      });
    }

    test('an absolute speech folder inside the workspace is accepted', async () => {
      const workspace = vscode.workspace.workspaceFolders?.[0];
      assert.ok(workspace);
      await setSetting('speech.folder', join(workspace.uri.fsPath, 'abs-audio'));
      const editor = await openWorkspaceFile('inside.md', 'Сэ сыкӀуэнущ.\n');
      selectLines(editor, [0]);
      const outcome = await command<{ file: string }>('circassian.speakSelection', {
        language: 'kbd',
        voice: 'female',
        speed: 1,
        play: false,
        save: true,
      });
      assert.equal(outcome.status, 'ok');
      inSpeechFolder(outcome.file, 'abs-audio');
    });

    test('a speech job whose wait was interrupted is resumed by id and its audio saved', async () => {
      const long = 'Уи пщэддджыжь фӀыуэ. '.repeat(90);
      const response = await fetch(`${serviceUrl()}/v1/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${process.env.CIRCASSIAN_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: long, language: 'kbd' }),
      });
      const job = (await response.json()) as { job_id: string };
      assert.ok(job.job_id);
      const outcome = await command<{ file: string; jobId: string }>('circassian.resumeSpeech', { jobId: job.job_id, play: false });
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.jobId, job.job_id);
      assertWav(outcome.file);
    });

    test('sentence by sentence through the speech memory: an edited sentence is the only one voiced again, a sentence of another text costs nothing', async () => {
      const stamp = Date.now().toString(36);
      const editor = await openWorkspaceFile(
        'sentences.md',
        `Сэ сыкӀуэнущ ${stamp}. Уи пщэддджыжь фӀыуэ ${stamp}! Тхьэм уигъэпсэу ${stamp}.\nТхьэм уигъэпсэу ${stamp}.\n`,
      );
      const speechCalls = async (): Promise<number> => (await calls('speech')).length;
      const before = await speechCalls();
      selectLines(editor, [0]);
      const first = await command<{ cached: boolean }>('circassian.speakSelection', { speed: 1.4, play: false });
      assert.equal(first.status, 'ok', JSON.stringify(first));
      assert.equal((await speechCalls()) - before, 3, 'three sentences, three calls');
      // The second sentence fixed: only it is voiced again.
      await editor.edit((edit) =>
        edit.replace(
          new vscode.Range(0, 0, 0, editor.document.lineAt(0).text.length),
          editor.document.lineAt(0).text.replace('фӀыуэ', 'фӀыуэ дыдэ'),
        ),
      );
      selectLines(editor, [0]);
      const edited = await command<{ cached: boolean }>('circassian.speakSelection', { speed: 1.4, play: false });
      assert.equal(edited.status, 'ok', JSON.stringify(edited));
      assert.equal(edited.cached, false);
      assert.equal((await speechCalls()) - before, 4, 'one call: the edited sentence');
      // The last sentence again, on a line of its own: from the memory, nothing paid.
      selectLines(editor, [1]);
      const again = await command<{ cached: boolean }>('circassian.speakSelection', { speed: 1.4, play: false });
      assert.deepEqual([again.status, again.cached], ['ok', true]);
      assert.equal((await speechCalls()) - before, 4);
    });

    test('read-along: the sentence being read is highlighted as the audio plays, in order, and the highlight goes when the audio ends', async () => {
      const { player, readAlong } = await extensionApi();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await until('no player playing', () => player.state === 'idle');
      const sentences = ['Сэ сыкӀуэнущ пщэдджыжьым.', 'Уи пщэддджыжь фӀыуэ, си ныбжьэгъу!', 'Тхьэм уигъэпсэу.'];
      const editor = await openWorkspaceFile('read-along.md', `# Тхыдэ\n\n${sentences.join(' ')}\n`);
      selectLines(editor, [2]);
      const seen: (string | undefined)[] = [];
      const listening = readAlong.onDidChangeHighlight((highlight) =>
        seen.push(
          highlight &&
            (highlight.uri.toString() === editor.document.uri.toString() ? editor.document.getText(highlight.range) : 'another document'),
        ),
      );
      try {
        const spoken = await command('circassian.speakSelection', { speed: 1 });
        assert.equal(spoken.status, 'ok', JSON.stringify(spoken));
        await until('the audio to play and end', () => seen.length > 0 && player.state === 'idle', 30_000);
        await until('the highlight to go', () => readAlong.highlight === undefined);
        assert.deepEqual(seen, [...sentences, undefined], 'each sentence in turn, then none');
      } finally {
        listening.dispose();
      }
    });

    test('read-along: typing in the document while it is read takes the highlight away, and it does not come back for that audio', async () => {
      const { player, readAlong } = await extensionApi();
      const editor = await openWorkspaceFile(
        'read-along-edit.md',
        'Сэ сыкӀуэнущ пщэдджыжьым. Уи пщэддджыжь фӀыуэ, си ныбжьэгъу! Тхьэм уигъэпсэу.\n',
      );
      selectLines(editor, [0]);
      const spoken = await command('circassian.speakSelection', { speed: 1 });
      assert.equal(spoken.status, 'ok', JSON.stringify(spoken));
      const first = await until('the first sentence highlighted', () => readAlong.highlight);
      assert.equal(editor.document.getText(first.range), 'Сэ сыкӀуэнущ пщэдджыжьым.');
      await editor.edit((edit) => edit.insert(new vscode.Position(1, 0), 'Унэ.\n'));
      assert.equal(readAlong.highlight, undefined);
      const later: unknown[] = [];
      const listening = readAlong.onDidChangeHighlight((highlight) => later.push(highlight));
      try {
        await until('the audio to end', () => player.state === 'idle', 30_000);
        assert.deepEqual(later, [], 'no highlight after the edit');
      } finally {
        listening.dispose();
      }
    });

    test('while the player plays, the status bar has Pause and Stop; they act on its audio, and go when it stops or ends', async () => {
      const { player } = await extensionApi();
      // The players of the tests before are closed: no buttons while nothing plays.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await until('the buttons to go with the closed players', () => player.state === 'idle');
      assert.equal(player.controlsShown, false);
      // About eight seconds of audio at speed 1: time to pause, play again and stop.
      const editor = await openWorkspaceFile(
        'controls.md',
        'Сэ сыкӀуэнущ пщэдджыжьым, уи пщэддджыжь фӀыуэ, ди унэм укъэкӀуэжмэ дыгуфӀэнущ, тхьэм уигъэпсэу.\nУнэ.\n',
      );
      selectLines(editor, [0]);
      const long = await command<{ durationSeconds: number }>('circassian.speakSelection', { speed: 1 });
      assert.equal(long.status, 'ok', JSON.stringify(long));
      assert.ok(long.durationSeconds > 4, `long enough to press the buttons: ${long.durationSeconds} s`);
      await until('the player to report playing', () => player.state === 'playing');
      assert.equal(player.controlsShown, true);
      assert.equal(await command('circassian.pauseSpeech'), true);
      await until('the audio to pause', () => player.state === 'paused');
      assert.equal(player.controlsShown, true, 'paused mid-way: Play and Stop stay');
      assert.equal(await command('circassian.playSpeech'), true);
      await until('the audio to play again', () => player.state === 'playing');
      assert.equal(await command('circassian.stopSpeech'), true);
      await until('the buttons to go after Stop', () => player.state === 'idle');
      assert.equal(player.controlsShown, false);

      // A short speech played to its end: the buttons come, then go by themselves.
      selectLines(editor, [1]);
      const seen: string[] = [];
      const listening = player.onDidChangeState((state) => seen.push(state));
      try {
        const short = await command('circassian.speakSelection', { speed: 2 });
        assert.equal(short.status, 'ok', JSON.stringify(short));
        await until('the short speech to end', () => seen.includes('playing') && player.state === 'idle', 20_000);
        assert.equal(player.controlsShown, false);
      } finally {
        listening.dispose();
      }
    });
  });
}
