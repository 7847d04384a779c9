// The key as the last "Test connection" found it (its name and limits, never the key itself), and
// the button that asks the service once per click.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, serverMessage, type Settings } from '../../api';
import { amount, dateTime, message } from '../../utils/messages';
import { errorWords } from '../../utils/error-words';

const LIMIT_WORDS: Record<string, ReturnType<typeof message>> = {
  requests_per_minute: message('settings.limit.rpm', 'Requests per minute'),
  requests_per_day: message('settings.limit.rpd', 'Requests per day'),
  translate_chars_per_day: message('settings.limit.chars', 'Translation characters per day'),
  speech_seconds_per_day: message('settings.limit.seconds', 'Seconds of audio per day'),
};

export function KeySection({ settings, refresh }: { settings: Settings; refresh: () => Promise<void> }) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [testing, setTesting] = useState(false);
  const [testMessage, setTestMessage] = useState<string | null>(null);
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
  return (
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
  );
}
