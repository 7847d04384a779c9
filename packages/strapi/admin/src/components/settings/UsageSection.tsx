// Today's use of each of the key's allowances as this plugin counted it, against the key's limits
// where the last "Test connection" found them, and when they start over.
import { useIntl } from 'react-intl';
import { Box, Flex, Typography } from '@strapi/design-system';
import type { Settings } from '../../api';
import { dateTime, message, usedOf } from '../../utils/messages';

export function UsageSection({ settings }: { settings: Settings }) {
  const { formatMessage: t } = useIntl();
  const usage = settings.usage;
  const limits = settings.key?.limits ?? {};
  return (
    <Box paddingTop={6}>
      <Typography variant="delta" tag="h2">
        {t(message('settings.usedToday', 'Used today'))}
      </Typography>
      <Flex direction="column" alignItems="start" gap={1} paddingTop={2} data-testid="circassian-usage">
        <Typography>
          {t(message('settings.usage.characters', 'Translation characters: {used} characters'), {
            used: usedOf(t, usage.characters, limits.translate_chars_per_day),
          })}
        </Typography>
        <Typography>
          {t(message('settings.usage.audio', 'Audio: {used} seconds'), {
            used: usedOf(t, usage.audioSeconds, limits.speech_seconds_per_day),
          })}
        </Typography>
        <Typography>
          {t(message('settings.usage.requests', 'Requests: {used} requests'), {
            used: usedOf(t, usage.requests, limits.requests_per_day),
          })}
        </Typography>
        <Typography variant="pi" textColor="neutral600">
          {t(message('settings.usage.reset', 'Counted by this plugin; the allowances start over at {at}.'), {
            at: dateTime(t, usage.resetsAt),
          })}
        </Typography>
      </Flex>
    </Box>
  );
}
