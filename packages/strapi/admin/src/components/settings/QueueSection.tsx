// The queue on the settings page: its counts, the pauses that hold it, and Pause and Resume for a
// role that may control the whole queue (the bulk permission and every translated locale).
import { useIntl } from 'react-intl';
import { Box, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, describePauses, type Settings } from '../../api';
import { message } from '../../utils/messages';
import { QueueControls } from '../QueueControls';

export function QueueSection({ settings, refresh }: { settings: Settings; refresh: () => Promise<void> }) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const pauses = describePauses(t, settings.queue.pauses);
  return (
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
              'Pausing and resuming the whole queue takes the permission to run, pause and cancel bulk translations (Settings > Roles > Plugins > Circassian) and a role that may edit every translated locale; a locale of your own is paused from its row on the bulk page.',
            ),
          )}
        </Typography>
      )}
    </Box>
  );
}
