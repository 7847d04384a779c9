// Every error type of the interface, injected through the sandbox's fault controls, gives its
// message and action, and loses no text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearFaults, command, createKey, injectFault, openEditor, selectLines, setSetting } from './helpers';

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
    // These tests send the same sentences again and count the calls or meet injected faults: the
    // workspace memory (which keeps every answer, detected source or not) would answer them first.
    suiteSetup(() => setSetting('memory.enabled', false));
    suiteTeardown(() => setSetting('memory.enabled', undefined));
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

    test('quota_exceeded from the service names the limit that ran out and when it resets, in local time', async () => {
      const issued = await createKey('vscode-quota', { translate_chars_per_day: 10 });
      assert.equal((await command('circassian.setApiKey', issued.key)).status, 'ok');
      try {
        const editor = await openEditor('Сэ сыкIуэнущ, уи пщэддджыжь фIыуэ.');
        selectLines(editor, [0]);
        const outcome = await command('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.errorType, 'quota_exceeded');
        // The service said the request needs more than the 10 left: that is what the user reads, not "spent".
        assert.match(
          outcome.message ?? '',
          /^This request needs \d+ translation characters, more than the 10 left today of your key’s 10 \(0 used\)\./,
        );
        // The sandbox's midnight UTC, as the extension host's clock and zone write it.
        const midnight = new Date();
        midnight.setUTCHours(24, 0, 0, 0);
        const local = new Intl.DateTimeFormat(vscode.env.language, { hour: '2-digit', minute: '2-digit' }).format(midnight);
        assert.ok((outcome.message ?? '').includes(`resets at ${local} `), outcome.message);
      } finally {
        assert.equal((await command('circassian.setApiKey', process.env.CIRCASSIAN_API_KEY)).status, 'ok');
      }
    });

    test('an injected quota_exceeded is told in the service’s words, never the raw “429 quota_exceeded (batch): …”', async () => {
      const editor = await openEditor('Сэ сыкIуэнущ.');
      selectLines(editor, [0]);
      await injectFault({ operation: 'batch', error_type: 'quota_exceeded', count: 1 });
      try {
        const outcome = await command('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.errorType, 'quota_exceeded');
        assert.match(outcome.message ?? '', /^A daily limit of your key is spent; the service says: “A daily quota is spent/);
        assert.doesNotMatch(outcome.message ?? '', /429|quota_exceeded|\(batch\)/);
      } finally {
        await clearFaults();
      }
    });

    test('neither a key nor an address: ONE notice naming both (its Set Up asks both), not a notice for the key and then one for the address', async () => {
      const saved = { key: process.env.CIRCASSIAN_API_KEY, url: process.env.CIRCASSIAN_BASE_URL };
      await command('circassian.removeApiKey');
      delete process.env.CIRCASSIAN_API_KEY;
      delete process.env.CIRCASSIAN_BASE_URL;
      await setSetting('baseUrl', undefined);
      try {
        const editor = await openEditor('Сэ сыкIуэнущ.');
        selectLines(editor, [0]);
        const outcome = await command('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.errorType, 'setup_missing_both', JSON.stringify(outcome));
        assert.match(outcome.message ?? '', /API key and the service address/);
      } finally {
        process.env.CIRCASSIAN_API_KEY = saved.key;
        process.env.CIRCASSIAN_BASE_URL = saved.url;
        assert.equal((await command('circassian.setApiKey', saved.key)).status, 'ok');
      }
    });

    test('a service address without http:// is named as such, not “set the key and address first”', async () => {
      await setSetting('baseUrl', 'localhost:8787/circassian');
      try {
        const editor = await openEditor('Сэ сыкIуэнущ.');
        selectLines(editor, [0]);
        const outcome = await command('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.errorType, 'setup_invalid_baseUrl', JSON.stringify(outcome));
        assert.match(
          outcome.message ?? '',
          /“localhost:8787\/circassian” \(circassian\.baseUrl\) does not start with http:\/\/ or https:\/\//,
        );
      } finally {
        await setSetting('baseUrl', undefined);
      }
    });

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
