// Settings: the key's name and limits as the last "Test connection" found them (never the key
// itself), today's use of each allowance as the plugin counted it, the configured content types,
// and the queue with pause and resume. Everything comes from Strapi's own database: an open page
// sends the service nothing; only the "Test connection" button does, once per click.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, describePauses, localeName, routes, serverMessage, type Settings } from '../api';

const LIMIT_WORDS: Record<string, string> = {
  requests_per_minute: 'Requests per minute',
  requests_per_day: 'Requests per day',
  translate_chars_per_day: 'Translation characters per day',
  speech_seconds_per_day: 'Seconds of audio per day',
};

export default function SettingsPage() {
  const { get, post } = useFetchClient();
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
  const pauses = describePauses(settings.queue.pauses);
  const testConnection = async () => {
    setTesting(true);
    setTestMessage(null);
    try {
      const { data } = await post<{ key: NonNullable<Settings['key']> }>(adminRoutes.testConnection());
      setTestMessage(
        data.key.ok ? `The service accepted the key "${data.key.name}".` : (data.key.error ?? 'The service did not accept the key.'),
      );
      await refresh();
    } catch (error) {
      setTestMessage(serverMessage(error));
    } finally {
      setTesting(false);
    }
  };
  const usage = settings.usage;
  const limits = settings.key?.limits ?? {};
  const used = (value: number, limit: number | undefined, unit: string) =>
    `${value.toLocaleString()}${limit !== undefined ? ` of ${limit.toLocaleString()}` : ''} ${unit}`;
  return (
    <Box padding={8} data-testid="circassian-settings">
      <Typography variant="alpha" tag="h1">
        Circassian translation
      </Typography>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          Key
        </Typography>
        {!settings.configured ? (
          <Typography tag="p">No key is configured: set CIRCASSIAN_API_KEY on the server. Translation and audio are off.</Typography>
        ) : null}
        {settings.key ? (
          <Flex direction="column" alignItems="start" gap={1} paddingTop={2}>
            {settings.key.ok ? (
              <Typography data-testid="circassian-key-name">Name: {settings.key.name}</Typography>
            ) : (
              <Typography textColor="danger600">{settings.key.error}</Typography>
            )}
            {Object.entries(settings.key.limits ?? {}).map(([name, value]) => (
              <Typography key={name}>
                {LIMIT_WORDS[name] ?? name}: {value.toLocaleString()}
              </Typography>
            ))}
            <Typography variant="pi" textColor="neutral600">
              Checked {new Date(settings.key.checkedAt).toLocaleString()}
            </Typography>
          </Flex>
        ) : settings.configured ? (
          <Typography tag="p">Not checked yet: press Test connection.</Typography>
        ) : null}
        {settings.configured ? (
          <Flex gap={2} paddingTop={2}>
            <Button variant="secondary" loading={testing} onClick={() => void testConnection()} data-testid="circassian-test-connection">
              Test connection
            </Button>
            {testMessage ? <Typography data-testid="circassian-test-message">{testMessage}</Typography> : null}
          </Flex>
        ) : null}
      </Box>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          Used today
        </Typography>
        <Flex direction="column" alignItems="start" gap={1} paddingTop={2} data-testid="circassian-usage">
          <Typography>Translation characters: {used(usage.characters, limits.translate_chars_per_day, 'characters')}</Typography>
          <Typography>Audio: {used(usage.audioSeconds, limits.speech_seconds_per_day, 'seconds')}</Typography>
          <Typography>Requests: {used(usage.requests, limits.requests_per_day, 'requests')}</Typography>
          <Typography variant="pi" textColor="neutral600">
            Counted by this plugin; the allowances start over at {new Date(usage.resetsAt).toLocaleString()}.
          </Typography>
        </Flex>
      </Box>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          Content types
        </Typography>
        {settings.contentTypes.map((type) => (
          <Typography key={type.uid} tag="p">
            {type.displayName}: {localeName(type.sourceLocale, settings.localeNames)} into{' '}
            {type.targetLocales.map((code) => localeName(code, settings.localeNames)).join(', ')}; translated on{' '}
            {type.translateOn === 'publish' ? 'publish' : 'save'}
            {type.audio.length
              ? `; audio on ${type.audioOn}: ${type.audio.map((mapping) => `${mapping.from} to ${mapping.to} (${mapping.locales.join(', ')})`).join('; ')}`
              : ''}
          </Typography>
        ))}
      </Box>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          Queue
        </Typography>
        <Typography tag="p" data-testid="circassian-queue-counts">
          Waiting {settings.queue.counts.pending ?? 0}, working {settings.queue.counts.running ?? 0}, done {settings.queue.counts.done ?? 0}
          , failed {settings.queue.counts.failed ?? 0}, cancelled {settings.queue.counts.cancelled ?? 0}
        </Typography>
        {pauses.map((line) => (
          <Typography key={line} tag="p" textColor="warning600" data-testid="circassian-pause">
            {line}
          </Typography>
        ))}
        <Flex gap={2} paddingTop={2}>
          <Button variant="secondary" onClick={() => void post(adminRoutes.pause()).then(refresh)}>
            Pause
          </Button>
          <Button variant="secondary" onClick={() => void post(adminRoutes.resume()).then(refresh)}>
            Resume
          </Button>
        </Flex>
      </Box>
    </Box>
  );
}
