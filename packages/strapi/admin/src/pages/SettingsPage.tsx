// Settings: the key's name and limits as the last "Test connection" found them (never the key
// itself), today's use of each allowance as the plugin counted it, the configured content types,
// the translation memory (MemorySection), and the queue with pause and resume. Everything comes from Strapi's own database: an open page
// sends the service nothing; only the "Test connection" button does, once per click.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, describePauses, localeName, routes, serverMessage, type Settings } from '../api';
import { amount, dateTime, message, usedOf } from '../utils/messages';
import { errorWords } from '../utils/error-words';
import { MemorySection } from '../components/MemorySection';
import { QueueControls } from '../components/QueueControls';

const LIMIT_WORDS: Record<string, ReturnType<typeof message>> = {
  requests_per_minute: message('settings.limit.rpm', 'Requests per minute'),
  requests_per_day: message('settings.limit.rpd', 'Requests per day'),
  translate_chars_per_day: message('settings.limit.chars', 'Translation characters per day'),
  speech_seconds_per_day: message('settings.limit.seconds', 'Seconds of audio per day'),
};

export default function SettingsPage() {
  const { get, post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [testing, setTesting] = useState(false);
  const [testMessage, setTestMessage] = useState<string | null>(null);
  const refresh = useCallback(async () => setSettings((await get<Settings>(routes.settings())).data), [get]);

  useEffect(() => {
    void refresh();
    // The queue's counts and today's use, read from Strapi's database (not from the service).
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, [refresh]);

  if (!settings) return null;
  const pauses = describePauses(t, settings.queue.pauses);
  const testConnection = async () => {
    setTesting(true);
    setTestMessage(null);
    try {
      const { data } = await post<{ key: NonNullable<Settings['key']> }>(adminRoutes.testConnection());
      setTestMessage(
        data.key.ok
          ? t(message('settings.accepted', 'The service accepted the key "{name}".'), { name: data.key.name })
          : data.key.error
            ? errorWords(t, data.key.errorType, data.key.error)
            : t(message('settings.refused', 'The service did not accept the key.')),
      );
      await refresh();
    } catch (error) {
      // The refusal is kept on the server too: the page shows the key's state as it now stands.
      setTestMessage(serverMessage(t, error));
      await refresh().catch(() => undefined);
    } finally {
      setTesting(false);
    }
  };
  const usage = settings.usage;
  const limits = settings.key?.limits ?? {};
  return (
    <Box padding={8} data-testid="circassian-settings">
      <Typography variant="alpha" tag="h1">
        {t(message('settings.heading', 'Circassian translation'))}
      </Typography>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          {t(message('settings.key', 'Key'))}
        </Typography>
        {!settings.configured ? (
          <Typography tag="p">
            {t(message('settings.noKey', 'No key is configured: set CIRCASSIAN_API_KEY on the server. Translation and audio are off.'))}
          </Typography>
        ) : null}
        {settings.key ? (
          <Flex direction="column" alignItems="start" gap={1} paddingTop={2}>
            {settings.key.ok ? (
              <Typography data-testid="circassian-key-name">
                {t(message('settings.keyName', 'Name: {name}'), { name: settings.key.name })}
              </Typography>
            ) : (
              <Typography textColor="danger600">
                {settings.key.error ? errorWords(t, settings.key.errorType, settings.key.error) : null}
              </Typography>
            )}
            {Object.entries(settings.key.limits ?? {}).map(([name, value]) => (
              <Typography key={name}>
                {LIMIT_WORDS[name] ? t(LIMIT_WORDS[name]) : name}: {amount(t, value)}
              </Typography>
            ))}
            <Typography variant="pi" textColor="neutral600">
              {t(message('settings.checked', 'Checked {at}'), { at: dateTime(t, settings.key.checkedAt) })}
            </Typography>
          </Flex>
        ) : settings.configured ? (
          <Typography tag="p">{t(message('settings.notChecked', 'Not checked yet: press Test connection.'))}</Typography>
        ) : null}
        {settings.configured ? (
          <Flex gap={2} paddingTop={2}>
            <Button variant="secondary" loading={testing} onClick={() => void testConnection()} data-testid="circassian-test-connection">
              {t(message('settings.test', 'Test connection'))}
            </Button>
            {testMessage ? <Typography data-testid="circassian-test-message">{testMessage}</Typography> : null}
          </Flex>
        ) : null}
      </Box>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          {t(message('settings.usedToday', 'Used today'))}
        </Typography>
        <Flex direction="column" alignItems="start" gap={1} paddingTop={2} data-testid="circassian-usage">
          <Typography>
            {t(message('settings.usage.characters', 'Translation characters: {used} characters'), {
              used: usedOf(t, usage.characters, limits.translate_chars_per_day),
            })}
          </Typography>
          <Typography>
            {t(message('settings.usage.audio', 'Audio: {used} seconds'), {
              used: usedOf(t, usage.audioSeconds, limits.speech_seconds_per_day),
            })}
          </Typography>
          <Typography>
            {t(message('settings.usage.requests', 'Requests: {used} requests'), {
              used: usedOf(t, usage.requests, limits.requests_per_day),
            })}
          </Typography>
          <Typography variant="pi" textColor="neutral600">
            {t(message('settings.usage.reset', 'Counted by this plugin; the allowances start over at {at}.'), {
              at: dateTime(t, usage.resetsAt),
            })}
          </Typography>
        </Flex>
      </Box>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          {t(message('settings.contentTypes', 'Content types'))}
        </Typography>
        {settings.contentTypes.map((type) => (
          <Typography key={type.uid} tag="p">
            {t(message('settings.type', '{type}: {source} into {targets}; translated on {when}'), {
              type: type.displayName,
              source: localeName(type.sourceLocale, settings.localeNames),
              targets: type.targetLocales.map((code) => localeName(code, settings.localeNames)).join(', '),
              when: type.translateOn === 'publish' ? t(message('settings.onPublish', 'publish')) : t(message('settings.onSave', 'save')),
            })}
            {type.audio.length
              ? t(message('settings.audio', '; audio on {when}: {mappings}'), {
                  when: type.audioOn === 'publish' ? t(message('settings.onPublish', 'publish')) : t(message('settings.onSave', 'save')),
                  mappings: type.audio
                    .map((mapping) =>
                      t(message('settings.mapping', '{from} to {to} ({locales})'), {
                        from: Array.isArray(mapping.from) ? mapping.from.join(' + ') : mapping.from,
                        to: mapping.to,
                        locales: mapping.locales.map((code) => localeName(code, settings.localeNames)).join(', '),
                      }),
                    )
                    .join('; '),
                })
              : ''}
          </Typography>
        ))}
        <Typography tag="p" data-testid="circassian-audio-format" data-format={settings.audioFormat.format}>
          {settings.audioFormat.encoder
            ? t(message('settings.audioMp3', 'Audio files are MP3, encoded on this server with {encoder}.'), {
                encoder: settings.audioFormat.encoder,
              })
            : t(
                message(
                  'settings.audioWav',
                  'Audio files are WAV. For MP3 (about a tenth of the size, what podcast apps take), install lame or ffmpeg on the server (Debian and Ubuntu: apt install lame) and restart Strapi.',
                ),
              )}
        </Typography>
      </Box>
      <MemorySection localeNames={settings.localeNames} />
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          {t(message('settings.queue', 'Queue'))}
        </Typography>
        <Typography tag="p" data-testid="circassian-queue-counts">
          {t(message('settings.counts', 'Waiting {pending}, working {running}, done {done}, failed {failed}, cancelled {cancelled}'), {
            pending: settings.queue.counts.pending ?? 0,
            running: settings.queue.counts.running ?? 0,
            done: settings.queue.counts.done ?? 0,
            failed: settings.queue.counts.failed ?? 0,
            cancelled: settings.queue.counts.cancelled ?? 0,
          })}
        </Typography>
        {pauses.map((line) => (
          <Typography key={line} tag="p" textColor="warning600" data-testid="circassian-pause">
            {line}
          </Typography>
        ))}
        {settings.mayControlQueue ? (
          <Box paddingTop={2}>
            <QueueControls
              pauses={settings.queue.pauses}
              onPause={() => void post(adminRoutes.pause()).then(refresh)}
              onResume={() => void post(adminRoutes.resume()).then(refresh)}
            />
          </Box>
        ) : (
          <Typography tag="p" textColor="neutral600" data-testid="circassian-queue-note">
            {t(
              message(
                'queue.noBulk',
                'Pausing and resuming the queue takes the permission to run, pause and cancel bulk translations (Settings > Roles > Plugins > Circassian).',
              ),
            )}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
