// Every error type of the interface, injected through the sandbox's fault controls, gives its
// message and action, and loses no text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearFaults, command, injectFault, openEditor, selectLines, setSetting } from './helpers';

/** Error type -> a phrase its message must contain. */
const EXPECTED: ReadonlyArray<[string, RegExp]> = [
  ['unauthorized', /refused the API key/],
  ['invalid_request', /cannot accept this text/],
  ['rate_limited', /Try again in 60 seconds/],
  ['quota_exceeded', /daily limit/],
  ['queue_timeout', /model is busy/],
  ['upstream_unavailable', /unavailable/],
  ['upstream_error', /model failed/],
  ['internal_error', /internal error/],
];

export function errorTests(): void {
  suite('errors', () => {
    setup(() => setSetting('translationOutput', 'replace'));
    teardown(() => clearFaults());

    for (const [type, message] of EXPECTED) {
      test(`${type} gives its own message and the text stays as it was`, async () => {
        const editor = await openEditor('Сэ сыкIуэнущ.\nПсы.');
        selectLines(editor, [0, 1]);
        const version = editor.document.version;
        // Enough faults to outlast the client's retries of the retryable types.
        await injectFault({ operation: 'batch', error_type: type, count: 5 });
        const outcome = await command('circassian.translateSelection');
        assert.equal(outcome.status, 'error');
        assert.equal(outcome.errorType, type);
        assert.match(outcome.message ?? '', message);
        assert.equal(editor.document.getText(), 'Сэ сыкIуэнущ.\nПсы.');
        assert.equal(editor.document.version, version, 'not even an empty edit was made');
      });
    }

    test('not_found: resuming an unknown speech job says the audio is gone', async () => {
      const outcome = await command('circassian.resumeSpeech', { jobId: 'no-such-job', play: false });
      assert.equal(outcome.errorType, 'not_found');
      assert.match(outcome.message ?? '', /gone/);
    });

    test('connection_error: an unreachable service names the address settings', async () => {
      const previous = vscode.workspace.getConfiguration('circassian').get('baseUrl');
      await setSetting('baseUrl', 'http://127.0.0.1:9');
      try {
        await openEditor('Псы.');
        const outcome = await command('circassian.detectLanguage');
        assert.equal(outcome.errorType, 'connection_error');
        assert.match(outcome.message ?? '', /circassian\.baseUrl/);
      } finally {
        await setSetting('baseUrl', previous || undefined);
      }
    });
  });
}
