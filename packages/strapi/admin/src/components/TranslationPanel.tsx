// The edit-view panel: translate now, generate audio, and this entry's status per locale in words
// an editor understands.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { unstable_useContentManagerContext, useFetchClient } from '@strapi/strapi/admin';
import { routes, type EntryStatus, type LocaleStatus } from '../api';

const WORDS: Record<LocaleStatus['status'], string> = {
  queued: 'Translation in progress',
  failed: 'Translation failed',
  outdated: 'Source changed since the translation',
  translated: 'Translated',
  'not translated': 'Not translated yet',
};

export function TranslationPanel() {
  const { model, id, isCreatingEntry } = unstable_useContentManagerContext();
  const { get, post } = useFetchClient();
  const [status, setStatus] = useState<EntryStatus | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!id || isCreatingEntry) return;
    try {
      const { data } = await get<EntryStatus>(routes.status(model, id));
      setStatus(data);
    } catch {
      setStatus(null);
    }
  }, [get, model, id, isCreatingEntry]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  if (!id || isCreatingEntry || !status) return null;

  const act = async (url: string, done: string, body: Record<string, unknown> = {}) => {
    try {
      await post(url, body);
      setMessage(done);
      void refresh();
    } catch {
      setMessage('That did not work. Check that you may translate entries, then try again.');
    }
  };

  return (
    <Box data-testid="circassian-panel" paddingTop={2} width="100%">
      <Typography variant="sigma" textColor="neutral600">
        Circassian translation (from {status.sourceLocale})
      </Typography>
      <Flex direction="column" alignItems="stretch" gap={1} paddingTop={2}>
        {status.locales.map((locale) => (
          <Box key={locale.locale} data-testid={`circassian-status-${locale.locale}`}>
            <Typography variant="omega">
              {locale.locale}: {WORDS[locale.status]}
              {locale.keptByHand.length > 0 ? ` (kept your edits: ${locale.keptByHand.join(', ')})` : ''}
            </Typography>
            {locale.error ? (
              <Typography variant="pi" textColor="danger600">
                {locale.error}
              </Typography>
            ) : null}
          </Box>
        ))}
        {status.queue.pause.pausedUntil || status.queue.pause.byHand ? (
          <Typography variant="pi" textColor="warning600">
            Translations are paused{status.queue.pause.pausedUntil ? ` until ${new Date(status.queue.pause.pausedUntil).toLocaleString()}` : ''}.
          </Typography>
        ) : null}
        <Button variant="secondary" fullWidth onClick={() => void act(routes.translate(model, id), 'Translation queued.')}>
          Translate now
        </Button>
        {status.locales.some((locale) => locale.keptByHand.length > 0) ? (
          <Button variant="danger-light" fullWidth onClick={() => void act(routes.translate(model, id), 'Translation queued; your edits will be replaced.', { replaceEdits: true })}>
            Translate again, replacing edits
          </Button>
        ) : null}
        <Button variant="tertiary" fullWidth onClick={() => void act(routes.audio(model, id), 'Audio generation queued.')}>
          Generate audio
        </Button>
        {message ? (
          <Typography variant="pi" data-testid="circassian-message">
            {message}
          </Typography>
        ) : null}
      </Flex>
    </Box>
  );
}
