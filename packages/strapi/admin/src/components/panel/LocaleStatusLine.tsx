// One target locale in the edit-view panel: its status, the fields kept by hand, what changed in the
// source, fields written otherwise than translated, the glossary's term problems per field, why it waits or failed, its audio, and what the
// translation memory learnt from its last publish.
import { useIntl } from 'react-intl';
import { Box, Typography } from '@strapi/design-system';
import { describePause, localeName, type EntryStatus, type LocaleStatus } from '../../api';
import { errorWords } from '../../utils/error-words';
import { audioWords, flagWords, learningWords, STATUS_WORDS, termProblemWords } from '../../utils/status-words';

export function LocaleStatusLine({ locale, status }: { locale: LocaleStatus; status: EntryStatus }) {
  const { formatMessage: t } = useIntl();
  const name = (code: string) => localeName(code, status.localeNames);
  const learnt = locale.learning ? learningWords(t, locale.learning) : null;
  const waiting =
    locale.status === 'queued'
      ? (describePause(t, status.queue.pauses.all) ?? describePause(t, status.queue.pauses.translate, 'translate'))
      : null;
  return (
    <Box data-testid={`circassian-status-${locale.locale}`}>
      <Typography variant="omega">
        {name(locale.locale)}: {t(STATUS_WORDS[locale.status])}
        {locale.keptByHand.length > 0
          ? ` ${t({ id: 'circassian.panel.kept', defaultMessage: '(kept your edits: {fields})' }, { fields: locale.keptByHand.join(', ') })}`
          : ''}
      </Typography>
      {locale.status === 'outdated' && locale.outdatedFields.length > 0 ? (
        <Box>
          <Typography variant="pi" textColor="neutral600" data-testid={`circassian-outdated-${locale.locale}`}>
            {t(
              { id: 'circassian.panel.changed', defaultMessage: 'Changed in {locale}: {fields}' },
              { locale: name(status.sourceLocale), fields: locale.outdatedFields.join(', ') },
            )}
          </Typography>
        </Box>
      ) : null}
      {(locale.fieldFlags ?? []).length > 0 ? (
        <Box data-testid={`circassian-flags-${locale.locale}`}>
          {(locale.fieldFlags ?? []).map((flag) => (
            <Typography key={flag.field} variant="pi" textColor="warning600" tag="p">
              {flagWords(t, flag)}
            </Typography>
          ))}
        </Box>
      ) : null}
      {(locale.termProblems ?? []).length > 0 ? (
        <Box data-testid={`circassian-terms-${locale.locale}`}>
          {(locale.termProblems ?? []).map((problem) => (
            <Typography key={`${problem.field} ${problem.kind} ${problem.term}`} variant="pi" textColor="warning600" tag="p">
              {termProblemWords(t, problem)}
            </Typography>
          ))}
        </Box>
      ) : null}
      {locale.error ? (
        <Typography variant="pi" textColor={locale.status === 'queued' ? 'warning600' : 'danger600'}>
          {waiting ?? errorWords(t, locale.errorType, locale.error)}
        </Typography>
      ) : null}
      {locale.audioStatus ? (
        <Box>
          <Typography
            variant="pi"
            textColor={locale.audioStatus.state === 'failed' ? 'danger600' : 'neutral600'}
            data-testid={`circassian-audio-${locale.locale}`}
          >
            {audioWords(locale.audioStatus, t, name(locale.locale), status.queue.pauses)}
          </Typography>
        </Box>
      ) : null}
      {learnt ? (
        <Box>
          <Typography variant="pi" textColor={learnt.tone} data-testid={`circassian-learning-${locale.locale}`}>
            {learnt.text}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
