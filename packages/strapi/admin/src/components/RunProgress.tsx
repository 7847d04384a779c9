// A bulk run's progress in words: what it translates into (locales by name), its state, each
// kind's statuses apart against the totals fixed at the start, what was sent, the pauses that hold
// it and why its waiting work waits (once per reason), and its errors.
import { useIntl } from 'react-intl';
import { Box, Flex, Typography } from '@strapi/design-system';
import { describePauses, localeName, type KindProgress, type RunStatus } from '../api';
import { amount, dateTime, message, type Format } from '../utils/messages';
import { errorWords } from '../utils/error-words';
import { ConfirmButton } from './ConfirmButton';

/** One kind's progress in words: every status apart, against the total fixed at the start. */
function progressWords(t: Format, name: string, progress: KindProgress, cancelled = false): string {
  const parts = [t(message('run.done', '{count} done'), { count: progress.done })];
  if (progress.failed) parts.push(t(message('run.failed', '{count} failed'), { count: progress.failed }));
  if (progress.skipped) parts.push(t(message('run.skipped', '{count} skipped'), { count: progress.skipped }));
  if (progress.cancelled) parts.push(t(message('run.cancelled', '{count} cancelled'), { count: progress.cancelled }));
  // Audio never queued: its translation was cancelled, or (audio on publish) its target is not published.
  if (progress.notQueued)
    parts.push(
      cancelled
        ? t(message('run.notStarted', '{count} not started (run cancelled)'), { count: progress.notQueued })
        : t(message('run.notQueued', '{count} not queued (target not published)'), { count: progress.notQueued }),
    );
  const waiting = progress.pending + progress.running;
  if (waiting) parts.push(t(message('run.waiting', '{count} waiting'), { count: waiting }));
  return t(message('run.of', '{name}: {parts} of {total}'), { name, parts: parts.join(', '), total: progress.total });
}

export function RunProgress({ run, localeNames, onCancel }: { run: RunStatus; localeNames: Record<string, string>; onCancel: () => void }) {
  const { formatMessage: t } = useIntl();
  const going = run.state === 'active' && !run.finished;
  const state =
    run.state === 'cancelled'
      ? t(message('run.state.cancelled', 'cancelled'))
      : run.finished
        ? t(message('run.state.finished', 'finished'))
        : t(message('run.state.running', 'running'));
  return (
    <Box paddingTop={4} data-testid="circassian-run">
      <Typography tag="p" data-testid="circassian-run-state">
        {t(message('run.line', '{type} into {locales}, started {at}: {state}'), {
          type: run.displayName,
          locales: run.locales.map((code) => localeName(code, localeNames)).join(', '),
          at: run.startedAt ? dateTime(t, run.startedAt) : '',
          state,
        })}
      </Typography>
      <Typography tag="p" data-testid="circassian-run-translate">
        {progressWords(t, t(message('run.translations', 'Translations')), run.translate)}
      </Typography>
      {run.audio.total > 0 ? (
        <Typography tag="p" data-testid="circassian-run-audio">
          {progressWords(t, t(message('run.audio', 'Audio')), run.audio, run.state === 'cancelled')}
        </Typography>
      ) : null}
      <Typography tag="p">{t(message('run.sent', '{count} characters sent.'), { count: amount(t, run.sentCharacters) })}</Typography>
      <Flex gap={2} paddingTop={2}>
        <ConfirmButton
          disabled={!going}
          question={t(message('run.cancelQuestion', 'Cancel this run?'))}
          explanation={t(
            message(
              'run.cancelExplanation',
              'What of it still waits is dropped; what is already being made ends as it would. Entries left undone show as missing, and "Only entries missing" finds them.',
            ),
          )}
          confirm={t(message('run.cancelConfirm', 'Cancel the run'))}
          keep={t(message('run.keep', 'Keep it going'))}
          onConfirm={onCancel}
        >
          {t(message('run.cancel', 'Cancel this run'))}
        </ConfirmButton>
      </Flex>
      {describePauses(t, run.pauses).map((line) => (
        <Typography key={line} tag="p" textColor="warning600" data-testid="circassian-run-pause">
          {line}
        </Typography>
      ))}
      {run.waiting.map((reason) => (
        <Typography
          key={`${reason.kind}-${reason.type ?? ''}-${reason.message}`}
          tag="p"
          textColor="warning600"
          data-testid="circassian-run-waiting"
        >
          {t(message('run.waitingBecause', '{count, plural, one {# job waits} other {# jobs wait}} ({locales}): {why}'), {
            count: reason.jobs,
            locales: reason.locales.map((code) => localeName(code, localeNames)).join(', '),
            why: errorWords(t, reason.type, reason.message),
          })}
        </Typography>
      ))}
      {run.errors.map((error) => (
        <Typography key={`${error.entry}-${error.locale}-${error.kind}`} tag="p" textColor="danger600">
          {error.entry} ({localeName(error.locale, localeNames)}): {error.message ? errorWords(t, error.type, error.message) : ''}
        </Typography>
      ))}
    </Box>
  );
}
