// Beside a run's estimated characters: the audio seconds it would make, and what of each of the
// key's daily allowances is already used today (as the plugin counted it), against its limit.
import { useIntl } from 'react-intl';
import { Typography } from '@strapi/design-system';
import type { Estimate } from '../api';
import { amount, message, usedOf } from '../utils/messages';

export function EstimateUse({ estimate }: { estimate: Estimate }) {
  const { formatMessage: t } = useIntl();
  const { usage, limits } = estimate;
  return (
    <>
      <Typography tag="p" data-testid="circassian-estimate-audio">
        {estimate.audioSeconds > 0
          ? t(message('estimate.audio', 'About {seconds} seconds of audio would be made.'), {
              seconds: amount(t, estimate.audioSeconds),
            })
          : t(message('estimate.noAudio', 'No audio would be made.'))}
      </Typography>
      <Typography tag="p" textColor="neutral600" data-testid="circassian-estimate-usage">
        {t(message('estimate.usage', 'Used today: {characters} translation characters, {seconds} audio seconds, {requests} requests.'), {
          characters: usedOf(t, usage.characters, limits.translate_chars_per_day),
          seconds: usedOf(t, usage.audioSeconds, limits.speech_seconds_per_day),
          requests: usedOf(t, usage.requests, limits.requests_per_day),
        })}
      </Typography>
    </>
  );
}
