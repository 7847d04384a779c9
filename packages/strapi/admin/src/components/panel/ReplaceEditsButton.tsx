// "Translate again, replacing edits": asks first, listing per locale the fields someone edited by
// hand that a new translation would overwrite; only its confirming button sends the request.
import { useIntl } from 'react-intl';
import { Box, Flex, Typography } from '@strapi/design-system';
import { localeName, type EntryStatus, type LocaleStatus } from '../../api';
import { message } from '../../utils/messages';
import { ConfirmButton } from '../ConfirmButton';

export function ReplaceEditsButton({
  edited,
  status,
  onConfirm,
}: {
  edited: readonly LocaleStatus[];
  status: EntryStatus;
  onConfirm: () => void;
}) {
  const { formatMessage: t } = useIntl();
  return (
    <ConfirmButton
      fullWidth
      question={t(message('replace.title', 'Replace the edits made by hand?'))}
      explanation={
        <Flex direction="column" alignItems="stretch" gap={2}>
          <Typography>
            {t(message('replace.intro', 'A new translation will overwrite these fields, which someone edited by hand:'))}
          </Typography>
          <Box tag="ul" data-testid="circassian-replace-fields">
            {edited.map((locale) => (
              <li key={locale.locale}>
                <Typography fontWeight="bold">{localeName(locale.locale, status.localeNames)}</Typography>:{' '}
                <Typography>{locale.keptByHand.join(', ')}</Typography>
              </li>
            ))}
          </Box>
          <Typography textColor="neutral600">{t(message('replace.final', 'The edits cannot be brought back afterwards.'))}</Typography>
        </Flex>
      }
      keep={t(message('replace.keep', 'Keep my edits'))}
      confirm={t(message('replace.confirm', 'Replace these fields'))}
      onConfirm={onConfirm}
    >
      {t({ id: 'circassian.panel.replace', defaultMessage: 'Translate again, replacing edits' })}
    </ConfirmButton>
  );
}
