// Settings: the key's name and limits (from the service's me(); never the key itself), the
// configured content types, and the queue with pause and resume.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, describePause, routes, type Settings } from '../api';

const LIMIT_WORDS: Record<string, string> = {
  requests_per_minute: 'Requests per minute',
  requests_per_day: 'Requests per day',
  translate_chars_per_day: 'Translation characters per day',
  speech_seconds_per_day: 'Seconds of audio per day',
};

export default function SettingsPage() {
  const { get, post } = useFetchClient();
  const [settings, setSettings] = useState<Settings | null>(null);
  const refresh = useCallback(async () => setSettings((await get<Settings>(routes.settings())).data), [get]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  if (!settings) return null;
  const pause = describePause(settings.queue.pause);
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
        {settings.keyError ? (
          <Typography tag="p" textColor="danger600">
            The service did not answer for the key: {settings.keyError}
          </Typography>
        ) : null}
        {settings.key ? (
          <Flex direction="column" alignItems="start" gap={1} paddingTop={2}>
            <Typography data-testid="circassian-key-name">Name: {settings.key.name}</Typography>
            {Object.entries(settings.key.limits).map(([name, value]) => (
              <Typography key={name}>
                {LIMIT_WORDS[name] ?? name}: {value.toLocaleString()}
              </Typography>
            ))}
          </Flex>
        ) : null}
      </Box>
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          Content types
        </Typography>
        {settings.contentTypes.map((type) => (
          <Typography key={type.uid} tag="p">
            {type.uid}: {type.sourceLocale} into {type.targetLocales.join(', ')}
            {type.audio.length
              ? `; audio ${type.audio.map((mapping) => `${mapping.from} to ${mapping.to} (${mapping.locales.join(', ')})`).join('; ')}`
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
        {pause ? (
          <Typography tag="p" textColor="warning600">
            {pause}
          </Typography>
        ) : null}
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
