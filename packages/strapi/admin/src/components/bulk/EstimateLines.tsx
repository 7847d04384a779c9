// A run's cost before it starts: entries, texts and characters to send, what the translation
// memory answers at no cost, and today's use of each allowance against the key's limits.
import { useIntl } from 'react-intl';
import { Typography } from '@strapi/design-system';
import { localeName, type Estimate } from '../../api';
import { amount, message } from '../../utils/messages';
import { EstimateUse } from '../EstimateUse';

export function EstimateLines({ estimate, localeNames }: { estimate: Estimate; localeNames: Record<string, string> }) {
  const { formatMessage: t } = useIntl();
  return (
    <>
      <Typography tag="p" data-testid="circassian-estimate">
        {t(
          message(
            'bulk.estimateWords',
            "{entries, plural, one {# entry} other {# entries}} in {locales}, {texts, plural, one {# text} other {# texts}} to send: {characters} characters (about {quota} of the key's daily characters, counting the answers).",
          ),
          {
            entries: estimate.entries,
            locales: estimate.locales.map((code) => localeName(code, localeNames)).join(', '),
            texts: estimate.texts,
            characters: amount(t, estimate.characters),
            quota: amount(t, estimate.estimatedQuotaCharacters),
          },
        )}
      </Typography>
      {estimate.memoryTexts > 0 ? (
        <Typography tag="p" data-testid="circassian-estimate-memory">
          {t(
            message(
              'bulk.estimateMemory',
              '{texts, plural, one {# text} other {# texts}} ({characters} characters) from the translation memory, at no cost.',
            ),
            { texts: estimate.memoryTexts, characters: amount(t, estimate.memoryCharacters) },
          )}
        </Typography>
      ) : null}
      <EstimateUse estimate={estimate} />
    </>
  );
}
