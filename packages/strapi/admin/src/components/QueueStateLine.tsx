// The queue's state, always visible on the bulk page: running (what waits and works), idle, or
// paused and why (by an administrator, an allowance spent until its reset, a locale paused), with
// the queue-wide Pause and Resume for a role that may control the whole queue (a role limited to
// some locales pauses those from their rows).
import { useIntl } from 'react-intl';
import { Box, Flex, Typography } from '@strapi/design-system';
import { describePauses, localeName, type QueueState } from '../api';
import { message } from '../utils/messages';
import { QueueControls } from './QueueControls';

export function QueueStateLine({
  queue,
  localeNames,
  typeNames,
  mayControl,
  onPause,
  onResume,
}: {
  queue: QueueState;
  localeNames: Record<string, string>;
  typeNames: Record<string, string>;
  mayControl: boolean;
  onPause: () => void;
  onResume: () => void;
}) {
  const { formatMessage: t } = useIntl();
  const pauses = describePauses(t, queue.pauses);
  const stopped = queue.pauses.all.byHand || (queue.pauses.all.pausedUntil ?? 0) > Date.now();
  const state = stopped
    ? t(message('queue.paused', 'Queue: paused'))
    : queue.waiting + queue.working > 0
      ? t(message('queue.running', 'Queue: running, {waiting} waiting, {working} working'), {
          waiting: queue.waiting,
          working: queue.working,
        })
      : t(message('queue.idle', 'Queue: idle, nothing waits'));
  return (
    <Box paddingTop={4} paddingBottom={4} data-testid="circassian-queue">
      <Flex gap={4} alignItems="center" wrap="wrap">
        <Typography fontWeight="bold" data-testid="circassian-queue-state">
          {state}
        </Typography>
        {mayControl ? <QueueControls pauses={queue.pauses} size="S" onPause={onPause} onResume={onResume} /> : null}
      </Flex>
      {pauses.map((line) => (
        <Typography key={line} tag="p" textColor="warning600" data-testid="circassian-pause">
          {line}
        </Typography>
      ))}
      {queue.localePauses.map((pause) => (
        <Typography key={`${pause.contentType}-${pause.locale}`} tag="p" textColor="warning600" data-testid="circassian-locale-pause">
          {t(message('queue.localePaused', '{type} in {locale}: paused by {by}.'), {
            type: typeNames[pause.contentType] ?? pause.contentType,
            locale: localeName(pause.locale, localeNames),
            by: pause.by ?? '?',
          })}
        </Typography>
      ))}
    </Box>
  );
}
