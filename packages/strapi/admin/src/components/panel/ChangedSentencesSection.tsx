// Review by sentence in the edit view (issue 33): for the target locale shown, the fields someone
// edited by hand whose source changed since, each changed sentence with the source before and now
// and the translation kept under it; "Translate only the changed sentences" has the server write
// those sentences alone into this locale's draft (the other sentences, the hand edits among them,
// stay; no other locale is touched), then the page reloads so the form shows the draft as saved
// (a form still holding the old text would write it back on the next save).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { routes, serverMessage, type ChangedSentences, type ChangedSentencesWritten } from '../../api';
import { message } from '../../utils/messages';

export function ChangedSentencesSection({ model, id, locale, mayAct }: { model: string; id: string; locale: string; mayAct: boolean }) {
  const { get, post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [found, setFound] = useState<ChangedSentences | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    get<ChangedSentences>(routes.changedSentences(model, id, locale))
      .then(({ data }) => current && setFound(data))
      .catch((error: unknown) => current && setSaid(serverMessage(t, error)));
    return () => {
      current = false;
    };
  }, [get, model, id, locale, t]);

  if (!found || found.fields.length === 0) return said ? <Typography variant="pi">{said}</Typography> : null;
  const bySentence = found.fields.some((field) => field.sentences !== null && field.sentences.length > 0);

  const translateChanged = async () => {
    setBusy(true);
    try {
      const { data } = await post<ChangedSentencesWritten>(routes.translateChanged(model, id), { locale });
      setSaid(
        t(
          message(
            'changed.done',
            '{count, plural, one {# sentence} other {# sentences}} translated into the draft; the other sentences stay as they are. Reloading…',
          ),
          { count: data.written.reduce((sum, field) => sum + field.sentences, 0) },
        ),
      );
      window.location.reload();
    } catch (error) {
      setSaid(serverMessage(t, error));
      setBusy(false);
    }
  };

  return (
    <Box data-testid="circassian-changed-sentences" paddingTop={2}>
      <Typography variant="sigma" textColor="neutral600">
        {t(message('changed.title', 'Changed in the source since these edits'))}
      </Typography>
      <Flex direction="column" alignItems="stretch" gap={2} paddingTop={1}>
        {found.fields.map(({ field, sentences }) =>
          sentences === null ? (
            <Typography key={field} variant="pi" data-testid="circassian-changed-whole">
              {t(message('changed.wholeOnly', '{field}: sentences were added or removed; keep the field or replace it whole.'), { field })}
            </Typography>
          ) : (
            sentences.map((sentence) => (
              <Box
                key={`${field}-${sentence.sourceIndex}`}
                data-testid="circassian-changed-sentence"
                background="neutral100"
                padding={2}
                hasRadius
              >
                <Typography variant="pi" fontWeight="bold">
                  {field}
                </Typography>
                <Flex direction="column" alignItems="stretch" gap={1}>
                  <Typography variant="pi" textColor="neutral600" data-testid="circassian-changed-before">
                    {sentence.before === null
                      ? t(message('changed.beforeUnknown', 'Source before: not kept (translated by an earlier version)'))
                      : t(message('changed.before', 'Source before: {text}'), { text: sentence.before })}
                  </Typography>
                  <Typography variant="pi" data-testid="circassian-changed-now">
                    {t(message('changed.now', 'Source now: {text}'), { text: sentence.now })}
                  </Typography>
                  <Typography variant="pi" data-testid="circassian-changed-kept">
                    {sentence.editedByHand
                      ? t(message('changed.keptByHand', 'Kept translation (edited by hand): {text}'), { text: sentence.kept })
                      : t(message('changed.kept', 'Kept translation: {text}'), { text: sentence.kept })}
                  </Typography>
                </Flex>
              </Box>
            ))
          ),
        )}
        {bySentence && mayAct ? (
          <Button variant="secondary" fullWidth loading={busy} onClick={() => void translateChanged()}>
            {t(message('changed.translate', 'Translate only the changed sentences'))}
          </Button>
        ) : null}
        {said ? (
          <Typography variant="pi" data-testid="circassian-changed-message">
            {said}
          </Typography>
        ) : null}
      </Flex>
    </Box>
  );
}
