// The queue-wide Pause and Resume, as the bulk page and the settings page show them. Each is
// disabled where it would do nothing, with the reason beside it: Pause while an administrator's
// pause holds, Resume while nothing is paused (a locale's own pause is resumed from its row).
import { useIntl } from 'react-intl';
import { Button, Flex, Typography } from '@strapi/design-system';
import { describePauses, type PauseStates } from '../api';
import { message } from '../utils/messages';

export function QueueControls({
  pauses,
  size = 'M',
  onPause,
  onResume,
}: {
  pauses: PauseStates;
  size?: 'S' | 'M';
  onPause: () => void;
  onResume: () => void;
}) {
  const { formatMessage: t } = useIntl();
  const nothingPaused = describePauses(t, pauses).length === 0;
  return (
    <Flex gap={2} alignItems="center" wrap="wrap">
      <Button variant="secondary" size={size} onClick={onPause} disabled={pauses.all.byHand}>
        {t(message('queue.pause', 'Pause the queue'))}
      </Button>
      <Button variant="secondary" size={size} onClick={onResume} disabled={nothingPaused}>
        {t(message('queue.resume', 'Resume the queue'))}
      </Button>
      {nothingPaused ? (
        <Typography variant="pi" textColor="neutral600" data-testid="circassian-resume-note">
          {t(message('queue.nothingPaused', 'Nothing is paused, so there is nothing to resume.'))}
        </Typography>
      ) : null}
    </Flex>
  );
}
